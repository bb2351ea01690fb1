import { type PublicConfig, isLocale } from '@esign/shared';

let pending: Promise<PublicConfig> | null = null;

/** `GET /api/config`, fetched once per page load; a failed fetch is retried on the next call. */
export function loadPublicConfig(): Promise<PublicConfig> {
  pending ??= fetchPublicConfig().catch((error: unknown) => {
    pending = null;
    throw error;
  });
  return pending;
}

async function fetchPublicConfig(): Promise<PublicConfig> {
  const response = await fetch('/api/config', { headers: { Accept: 'application/json' } });
  if (!response.ok) {
    throw new Error(`GET /api/config answered ${response.status}`);
  }
  const body: unknown = await response.json();
  if (!isPublicConfig(body)) {
    throw new Error('GET /api/config answered an unexpected body');
  }
  return body;
}

function isPublicConfig(value: unknown): value is PublicConfig {
  if (typeof value !== 'object' || value === null) return false;
  const { cognito, locales, defaultLocale } = value as Partial<PublicConfig>;
  return (
    typeof cognito?.userPoolId === 'string' &&
    typeof cognito.clientId === 'string' &&
    typeof cognito.region === 'string' &&
    (cognito.endpoint == null || typeof cognito.endpoint === 'string') &&
    Array.isArray(locales) &&
    isLocale(defaultLocale)
  );
}
