import 'reflect-metadata';
import { plainToInstance, Transform, Type } from 'class-transformer';
import {
  IsBoolean,
  IsEmail,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  IsUrl,
  Matches,
  Max,
  Min,
  MinLength,
  validateSync,
  type ValidationError,
} from 'class-validator';
import { resolve } from 'node:path';
import { DEFAULT_REJECTED_EMAIL_DOMAINS } from '@esign/shared';
import { DEFAULT_SIGNATORY_KEYS, SIGNATORY_KEY_TYPES, type SignatoryKeyType } from '@esign/pdf-signing';

const emptyToUndefined = ({ value }: { value: unknown }): unknown =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;
const emptyOrNumber = ({ value }: { value: unknown }): unknown =>
  typeof value === 'string' ? (value.trim() === '' ? undefined : Number(value)) : value;
const toBoolean = ({ value }: { value: unknown }): unknown =>
  typeof value === 'string' ? ['1', 'true', 'yes'].includes(value.toLowerCase()) : value;

const PROXY_TOKEN = String.raw`(?:loopback|linklocal|uniquelocal|[0-9.]{7,15}(?:\/\d{1,2})?|[0-9a-fA-F:]*:[0-9a-fA-F:.]*(?:\/\d{1,3})?)`;
const TRUST_PROXY_PATTERN = new RegExp(String.raw`^(?:\d{1,2}|${PROXY_TOKEN}(?:\s*,\s*${PROXY_TOKEN})*)$`);

/**
 * Every setting the product reads, from the environment, validated once at boot.
 * Anything not given falls back to the embedded default (see README "Settings").
 */
export class EnvironmentVariables {
  @IsIn(['development', 'production', 'test']) NODE_ENV: 'development' | 'production' | 'test' =
    'development';
  @Type(() => Number) @IsInt() @Min(0) @Max(65535) PORT = 3000;
  @IsString() HOST = '0.0.0.0';
  @IsOptional()
  @Transform(emptyToUndefined)
  @IsUrl({ require_tld: false, protocols: ['http', 'https'] })
  PUBLIC_URL?: string;
  @IsString() DATA_DIR = './.data';
  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']) LOG_LEVEL = 'info';
  @Transform(toBoolean) @IsBoolean() SERVE_WEB = true;
  @IsOptional() @Transform(emptyToUndefined) @IsString() CORS_ORIGINS?: string;
  /**
   * The reverse proxies in front of the product, whose `X-Forwarded-For`/`-Proto`/`-Host` are believed:
   * addresses or CIDR ranges, `loopback`, `linklocal`, `uniquelocal`, comma-separated, or a number of hops.
   * Unset: no forwarded header is believed, and the client is the address the connection came from.
   */
  @IsOptional()
  @Transform(emptyToUndefined)
  @Matches(TRUST_PROXY_PATTERN, {
    message:
      'TRUST_PROXY must be a hop count or a comma-separated list of addresses, CIDR ranges, loopback, linklocal or uniquelocal',
  })
  TRUST_PROXY?: string;
  /**
   * The bearer token Prometheus sends to read the metrics (`GET /api/metrics`, and each worker's
   * WORKER_METRICS_PORT). Unset: no metrics are served at all.
   */
  @IsOptional() @Transform(emptyToUndefined) @IsString() @MinLength(32) METRICS_TOKEN?: string;
  /** The port a worker serves its metrics on (`GET /metrics`, with METRICS_TOKEN); unset: none. */
  @IsOptional() @Transform(emptyOrNumber) @IsInt() @Min(1) @Max(65535) WORKER_METRICS_PORT?: number;
  @Type(() => Number) @IsInt() @Min(1) RATE_LIMIT_PER_MINUTE = 300;
  /** Calls per minute and client to the embedded user pool (sign-in, forgot password). */
  @Type(() => Number) @IsInt() @Min(1) IDENTITY_RATE_LIMIT_PER_MINUTE = 60;
  /** Code sends and code checks per minute and client IP on the public signing routes. */
  @Type(() => Number) @IsInt() @Min(1) SIGNING_RATE_LIMIT_PER_MINUTE = 20;
  /** Public verifications per minute and client IP: each reads a whole PDF, the costliest public call. */
  @Type(() => Number) @IsInt() @Min(1) VERIFY_RATE_LIMIT_PER_MINUTE = 6;

  /** Minutes a member waits between two manual reminders of one request. */
  @Type(() => Number) @IsInt() @Min(1) @Max(10080) REMINDER_COOLDOWN_MINUTES = 60;
  /** Days after the invitation (or the last reminder) before a signatory is reminded automatically; 0: never. */
  @Type(() => Number) @IsInt() @Min(0) @Max(365) AUTO_REMINDER_DAYS = 3;
  /** Seconds between two automatic-reminder sweeps. */
  @Type(() => Number) @IsInt() @Min(10) @Max(86400) REMINDER_SWEEP_INTERVAL_SECONDS = 900;
  /** Days a new request can be signed for when the member does not choose (1 to 365). */
  @Type(() => Number) @IsInt() @Min(1) @Max(365) REQUEST_EXPIRY_DAYS = 30;
  /** Seconds between two sweeps closing the requests whose expiry date has passed. */
  @Type(() => Number) @IsInt() @Min(10) @Max(86400) EXPIRY_SWEEP_INTERVAL_SECONDS = 300;
  /** One-time codes sent per signatory, and per phone number, in 24 hours (against SMS pumping). */
  @Type(() => Number) @IsInt() @Min(1) @Max(100) OTP_DAILY_LIMIT_PER_SIGNATORY = 10;
  @Type(() => Number) @IsInt() @Min(1) @Max(500) OTP_DAILY_LIMIT_PER_PHONE = 20;

  /** Megabytes each member's stored documents and pending uploads may take together. */
  @Type(() => Number) @IsInt() @Min(1) @Max(1_048_576) MEMBER_STORAGE_QUOTA_MB = 2048;
  /**
   * Hours after which an upload never completed (its row and its object) and a partial file left by an
   * interrupted write are removed. At least an hour, so longer than any upload address lives.
   */
  @Type(() => Number) @IsInt() @Min(1) @Max(8760) STALE_UPLOAD_HOURS = 24;

  @IsOptional()
  @Transform(emptyToUndefined)
  @Matches(/^postgres(ql)?:\/\//, { message: 'DATABASE_URL must be a postgres:// URL' })
  DATABASE_URL?: string;
  @Type(() => Number) @IsInt() @Min(1) @Max(100) DATABASE_POOL_SIZE = 10;

  @IsOptional()
  @Transform(emptyToUndefined)
  @Matches(/^rediss?:\/\//, { message: 'REDIS_URL must be a redis:// URL' })
  REDIS_URL?: string;
  @Type(() => Number) @IsInt() @Min(1) @Max(64) QUEUE_CONCURRENCY = 4;
  /** Redis key prefix of the queue, so several installations can share one Redis. */
  @Matches(/^[\w-]{1,40}$/, { message: 'BULLMQ_PREFIX must be letters, digits, - or _' }) BULLMQ_PREFIX =
    'esign';
  /** Whether this process runs queue processors (the API does in embedded mode; see worker.ts). */
  @Transform(toBoolean) @IsBoolean() RUN_JOBS_IN_API = true;
  /** Seconds running jobs get to finish on SIGTERM/SIGINT before they are handed back to the queue. */
  @Type(() => Number) @IsInt() @Min(0) @Max(600) SHUTDOWN_GRACE_SECONDS = 25;
  /** With Redis: the longest a crashed worker's jobs wait before another worker runs them again. */
  @Type(() => Number) @IsInt() @Min(5) @Max(600) QUEUE_LOCK_SECONDS = 30;
  /** With Redis: seconds after which a job handed to Redis and not finished is looked for there (and relayed again if lost). */
  @Type(() => Number) @IsInt() @Min(5) @Max(3600) QUEUE_REDISPATCH_SECONDS = 20;

  @IsString() COGNITO_REGION = 'eu-west-1';
  @IsOptional()
  @Transform(emptyToUndefined)
  @Matches(/^[\w-]+_[0-9a-zA-Z]+$/, { message: 'COGNITO_USER_POOL_ID must look like eu-west-1_AbC123' })
  COGNITO_USER_POOL_ID?: string;
  @IsOptional()
  @Transform(emptyToUndefined)
  @Matches(/^[0-9a-z]{20,128}$/, { message: 'COGNITO_CLIENT_ID must be an app client id' })
  COGNITO_CLIENT_ID?: string;
  @IsEmail({ require_tld: false }) ADMIN_EMAIL = 'admin@esign.local';
  /** Comma-separated e-mail domains refused for accounts; empty keeps the default list, `none` refuses none. */
  @IsOptional()
  @Transform(emptyToUndefined)
  @Matches(/^(none|[a-z0-9.-]+(,\s*[a-z0-9.-]+)*)$/i, {
    message: 'REJECTED_EMAIL_DOMAINS must be a comma-separated list of domains',
  })
  REJECTED_EMAIL_DOMAINS?: string;
  @IsOptional() @Transform(emptyToUndefined) @IsString() @MinLength(8) ADMIN_PASSWORD?: string;

  @IsOptional() @Transform(emptyToUndefined) @IsString() S3_BUCKET?: string;
  @IsString() S3_REGION = 'eu-west-1';
  @IsOptional() @Transform(emptyToUndefined) @IsUrl({ require_tld: false }) S3_ENDPOINT?: string;
  @IsOptional() @Transform(emptyToUndefined) @IsString() S3_ACCESS_KEY_ID?: string;
  @IsOptional() @Transform(emptyToUndefined) @IsString() S3_SECRET_ACCESS_KEY?: string;
  @Transform(toBoolean) @IsBoolean() S3_FORCE_PATH_STYLE = false;
  @IsOptional() @Transform(emptyToUndefined) @IsString() @MinLength(32) STORAGE_URL_SECRET?: string;
  /** Derives the signing-link keys; the same on every API replica (made in the data directory when empty). */
  @IsOptional() @Transform(emptyToUndefined) @IsString() @MinLength(32) SIGNING_LINK_SECRET?: string;
  /** Key of the HMAC under which one-time codes are stored; the same on every API replica. */
  @IsOptional() @Transform(emptyToUndefined) @IsString() @MinLength(32) OTP_SECRET?: string;

  @IsOptional()
  @Transform(emptyToUndefined)
  @Matches(/^AC[0-9a-f]{32}$/, { message: 'TWILIO_ACCOUNT_SID must start with AC and have 32 hex digits' })
  TWILIO_ACCOUNT_SID?: string;
  @IsOptional() @Transform(emptyToUndefined) @IsString() TWILIO_AUTH_TOKEN?: string;
  @IsOptional() @Transform(emptyToUndefined) @IsString() TWILIO_FROM?: string;
  @IsOptional() @Transform(emptyToUndefined) @IsString() TWILIO_MESSAGING_SERVICE_SID?: string;
  /** Base address of the Twilio REST API (a regional edge, or a server speaking the same API). */
  @IsOptional()
  @Transform(emptyToUndefined)
  @IsUrl({ require_tld: false, protocols: ['http', 'https'] })
  TWILIO_API_URL?: string;

  @IsOptional() @Transform(emptyToUndefined) @IsString() SMTP_HOST?: string;
  @Type(() => Number) @IsInt() @Min(1) @Max(65535) SMTP_PORT = 587;
  @Transform(toBoolean) @IsBoolean() SMTP_SECURE = false;
  /** Refuse to send (and so to authenticate) without STARTTLS on a non-secure connection. */
  @Transform(toBoolean) @IsBoolean() SMTP_REQUIRE_TLS = true;
  @IsOptional() @Transform(emptyToUndefined) @IsString() SMTP_USER?: string;
  @IsOptional() @Transform(emptyToUndefined) @IsString() SMTP_PASSWORD?: string;
  @IsString() MAIL_FROM = 'Signature électronique <no-reply@esign.local>';

  @IsOptional() @Transform(emptyToUndefined) @IsString() SEAL_P12_PATH?: string;
  @IsOptional() @Transform(emptyToUndefined) @IsString() SEAL_P12_PASSWORD?: string;
  @IsOptional() @Transform(emptyToUndefined) @IsString() TRUST_BUNDLE_PATH?: string;
  @IsOptional() @Transform(emptyToUndefined) @IsUrl({ require_tld: false }) TSA_URL?: string;
  /** The CA (PKCS#12) issuing the short-lived signatory certificates of ADVANCED signatures beside a PKCS#12 seal. */
  @IsOptional() @Transform(emptyToUndefined) @IsString() SIGNATORY_CA_P12_PATH?: string;
  @IsOptional() @Transform(emptyToUndefined) @IsString() SIGNATORY_CA_P12_PASSWORD?: string;
  /**
   * The key of each ADVANCED signatory's one-use certificate: `ecdsa-p256` (about a millisecond to make;
   * validated by Adobe, poppler/NSS, OpenSSL and EU DSS) or `rsa-3072` (for older relying parties).
   */
  @IsIn(SIGNATORY_KEY_TYPES, {
    message: `SIGNATORY_KEY_TYPE must be one of ${SIGNATORY_KEY_TYPES.join(', ')}`,
  })
  SIGNATORY_KEY_TYPE: SignatoryKeyType = DEFAULT_SIGNATORY_KEYS.type;
  /** Signatory keys each signing worker makes ahead (each used once); 0 makes each when its signature comes. */
  @Type(() => Number) @IsInt() @Min(0) @Max(32) SIGNATORY_KEYS_AHEAD = DEFAULT_SIGNATORY_KEYS.ahead;

  /**
   * A qualified trust-service provider speaking the Cloud Signature Consortium API v2.0: its base URL (the
   * one before /csc/v2), this platform's OAuth client, and the redirect URI registered with the provider
   * (this platform's /api/signing/qualified/callback). Without them the QUALIFIED mode is not offered.
   */
  @IsOptional()
  @Transform(emptyToUndefined)
  @IsUrl(
    { require_tld: false, require_protocol: true, protocols: ['http', 'https'] },
    { message: 'CSC_BASE_URL must be an http(s) URL' },
  )
  CSC_BASE_URL?: string;
  @IsOptional() @Transform(emptyToUndefined) @IsString() CSC_CLIENT_ID?: string;
  @IsOptional() @Transform(emptyToUndefined) @IsString() CSC_CLIENT_SECRET?: string;
  @IsOptional()
  @Transform(emptyToUndefined)
  @IsUrl(
    { require_tld: false, require_protocol: true, protocols: ['http', 'https'] },
    { message: 'CSC_REDIRECT_URI must be an http(s) URL' },
  )
  CSC_REDIRECT_URI?: string;
  /** A PEM file with the provider's CA certificates, added to /api/trust/ca.pem (optional). */
  @IsOptional() @Transform(emptyToUndefined) @IsString() CSC_TRUST_BUNDLE_PATH?: string;
}

export class ConfigurationError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigurationError';
  }
}

/** Settings that must come together, or not at all. */
const GROUPS: Array<{ when: keyof EnvironmentVariables; needs: Array<keyof EnvironmentVariables> }> = [
  { when: 'COGNITO_USER_POOL_ID', needs: ['COGNITO_CLIENT_ID'] },
  { when: 'COGNITO_CLIENT_ID', needs: ['COGNITO_USER_POOL_ID'] },
  { when: 'TWILIO_ACCOUNT_SID', needs: ['TWILIO_AUTH_TOKEN'] },
  { when: 'SEAL_P12_PATH', needs: ['SEAL_P12_PASSWORD', 'TSA_URL'] },
  { when: 'SIGNATORY_CA_P12_PATH', needs: ['SIGNATORY_CA_P12_PASSWORD'] },
  { when: 'CSC_BASE_URL', needs: ['CSC_CLIENT_ID', 'CSC_CLIENT_SECRET', 'CSC_REDIRECT_URI'] },
  { when: 'CSC_CLIENT_ID', needs: ['CSC_BASE_URL'] },
  { when: 'CSC_CLIENT_SECRET', needs: ['CSC_BASE_URL'] },
  { when: 'CSC_REDIRECT_URI', needs: ['CSC_BASE_URL'] },
  { when: 'CSC_TRUST_BUNDLE_PATH', needs: ['CSC_BASE_URL'] },
];

function describe(errors: ValidationError[]): string[] {
  return errors.flatMap((error) =>
    Object.values(error.constraints ?? {}).map((text) =>
      text.startsWith(error.property) ? text : `${error.property}: ${text}`,
    ),
  );
}

/** Builds the one configuration object from the environment, or throws naming every bad variable. */
export function loadEnvironment(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const known = Object.keys(new EnvironmentVariables());
  const raw = Object.fromEntries(Object.entries(env).filter(([key]) => known.includes(key)));
  const variables = plainToInstance(EnvironmentVariables, raw, { exposeDefaultValues: true });
  const problems = describe(validateSync(variables, { skipMissingProperties: false }));
  for (const group of GROUPS) {
    if (!variables[group.when]) continue;
    for (const needed of group.needs) {
      if (!variables[needed]) problems.push(`${needed} is required when ${group.when} is set`);
    }
  }
  if (variables.TWILIO_ACCOUNT_SID && !variables.TWILIO_FROM && !variables.TWILIO_MESSAGING_SERVICE_SID) {
    problems.push('TWILIO_FROM or TWILIO_MESSAGING_SERVICE_SID is required when TWILIO_ACCOUNT_SID is set');
  }
  if (problems.length > 0) throw new ConfigurationError(problems);
  return new AppConfig(variables);
}

/** The validated settings, with the choice of adapters derived from them. */
export class AppConfig {
  readonly dataDir: string;
  readonly publicUrl: string;

  constructor(readonly env: EnvironmentVariables) {
    this.dataDir = resolve(env.DATA_DIR);
    this.publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
  }

  /** Express's `trust proxy` value: false (trust no forwarded header), a hop count, or the proxies' addresses. */
  get trustProxy(): false | number | string[] {
    const value = this.env.TRUST_PROXY;
    if (!value) return false;
    if (/^\d+$/.test(value)) return Number(value);
    return value.split(',').map((entry) => entry.trim());
  }

  get rejectedEmailDomains(): string[] {
    const value = this.env.REJECTED_EMAIL_DOMAINS;
    if (value === undefined) return DEFAULT_REJECTED_EMAIL_DOMAINS;
    if (value.toLowerCase() === 'none') return [];
    return value.split(',').map((domain) => domain.trim().toLowerCase());
  }

  get usesEmbeddedDatabase(): boolean {
    return !this.env.DATABASE_URL;
  }
  get usesRedisQueue(): boolean {
    return Boolean(this.env.REDIS_URL);
  }
  get usesEmbeddedIdentity(): boolean {
    return !this.env.COGNITO_USER_POOL_ID;
  }
  get usesS3(): boolean {
    return Boolean(this.env.S3_BUCKET);
  }
  get usesTwilio(): boolean {
    return Boolean(this.env.TWILIO_ACCOUNT_SID);
  }
  get usesSmtp(): boolean {
    return Boolean(this.env.SMTP_HOST);
  }
  /** QUALIFIED signatures are offered only with a provider to make them. */
  get offersQualifiedSignatures(): boolean {
    return Boolean(this.env.CSC_BASE_URL);
  }
  get usesDevelopmentPki(): boolean {
    return !this.env.SEAL_P12_PATH;
  }
  /** The development outbox page exists only while no real provider delivers messages. */
  get exposesDevelopmentOutbox(): boolean {
    return !this.usesSmtp && !this.usesTwilio;
  }
}
