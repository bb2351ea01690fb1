import twilio from 'twilio';
import { DeliveryError } from './delivery-error';
import type { SmsMessage, SmsSender } from './ports';

export interface TwilioSmsSenderOptions {
  accountSid: string;
  authToken: string;
  /** Sending number in E.164 or an alphanumeric sender id; needed unless messagingServiceSid is set. */
  from?: string;
  /** Messaging Service that picks the sender; preferred over `from` when both are set. */
  messagingServiceSid?: string;
  /** Replaces `https://api.twilio.com`, for a server that speaks the same API. */
  apiBaseUrl?: string;
  /** Limit for one request, in milliseconds (default 10 s): an OTP request must not hang. */
  timeoutMs?: number;
}

type TwilioClient = ReturnType<typeof twilio>;
type Sender = { messagingServiceSid: string } | { from: string };

interface TwilioFailure {
  /** HTTP status, on a RestException (Twilio answered with an error). */
  status?: number;
  /** Twilio error number (e.g. 21211) on a RestException, or the socket error code (ECONNREFUSED). */
  code?: number | string;
  message?: string;
}

const DEFAULT_TIMEOUT_MS = 10_000;

/** SMS through Twilio's Programmable Messaging API. */
export class TwilioSmsSender implements SmsSender {
  private readonly client: TwilioClient;
  private readonly sender: Sender;
  private readonly secrets: string[];

  constructor(options: TwilioSmsSenderOptions) {
    this.sender = senderOf(options);
    const basicCredentials = Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64');
    this.secrets = [options.authToken, basicCredentials];
    this.client = twilio(options.accountSid, options.authToken, {
      timeout: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      autoRetry: false,
    });
    if (options.apiBaseUrl) this.client.api.baseUrl = options.apiBaseUrl;
  }

  async send(message: SmsMessage): Promise<{ providerMessageId: string }> {
    try {
      const sent = await this.client.messages.create({ to: message.to, body: message.body, ...this.sender });
      return { providerMessageId: sent.sid };
    } catch (error) {
      // A new error, never the original as `cause`: network errors from the HTTP client carry the
      // request, whose Authorization header encodes the auth token.
      throw this.deliveryErrorOf(error);
    }
  }

  private deliveryErrorOf(error: unknown): DeliveryError {
    const failure = (error ?? {}) as TwilioFailure;
    if (typeof failure.status === 'number') {
      // 429 and 5xx can pass later; another 4xx (unknown number, country not allowed, bad
      // credentials) would fail the same way again.
      const retryable = failure.status === 429 || failure.status >= 500;
      const twilioCode = typeof failure.code === 'number' ? ` Twilio error ${failure.code}:` : '';
      const text = `Twilio refused the SMS (HTTP ${failure.status})${twilioCode} ${failure.message ?? ''}`;
      return new DeliveryError(this.withoutSecrets(text.trim()), 'sms', retryable, failure.status);
    }
    if (typeof failure.code === 'string' && /^E[A-Z_]+$/.test(failure.code)) {
      return new DeliveryError(`Twilio could not be reached (${failure.code})`, 'sms', true);
    }
    const text = `Twilio request failed: ${failure.message ?? 'unknown error'}`;
    return new DeliveryError(this.withoutSecrets(text), 'sms', false);
  }

  private withoutSecrets(text: string): string {
    return this.secrets.reduce((scrubbed, secret) => scrubbed.split(secret).join('***'), text);
  }
}

function senderOf(options: TwilioSmsSenderOptions): Sender {
  if (options.messagingServiceSid) return { messagingServiceSid: options.messagingServiceSid };
  if (options.from) return { from: options.from };
  throw new Error('TwilioSmsSender needs `from` or `messagingServiceSid`');
}
