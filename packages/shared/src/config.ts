import type { Locale } from './locales';

/** `GET /api/config`: what the front ends need to know at run time. */
export interface PublicConfig {
  cognito: {
    region: string;
    userPoolId: string;
    clientId: string;
    /**
     * Only with the embedded user pool: the path of its JSON API (`/cognito`), to call on the origin the page
     * was loaded from, whatever address that is.
     */
    endpoint?: string;
  };
  locales: Locale[];
  defaultLocale: Locale;
  /** Days a new request can be signed for unless the member chooses otherwise (REQUEST_EXPIRY_DAYS). */
  requestExpiryDays: number;
  /** A qualified trust-service provider is configured: QUALIFIED requests may be made. */
  qualifiedSignatures: boolean;
}

export interface HealthReport {
  status: 'ok' | 'error';
  checks: Record<'database' | 'queue' | 'storage' | 'identity', 'up' | 'down'>;
}

export interface OutboxMessageView {
  channel: 'email' | 'sms';
  to: string;
  subject?: string;
  body: string;
  sentAt: string | null;
}
