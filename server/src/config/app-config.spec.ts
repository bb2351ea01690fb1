import { ConfigurationError, loadEnvironment } from './app-config';

describe('loadEnvironment', () => {
  it('falls back to the embedded defaults when nothing is set', () => {
    const config = loadEnvironment({});
    expect(config.env.PORT).toBe(3000);
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.usesEmbeddedDatabase).toBe(true);
    expect(config.usesRedisQueue).toBe(false);
    expect(config.usesEmbeddedIdentity).toBe(true);
    expect(config.exposesDevelopmentOutbox).toBe(true);
  });

  it('chooses the real adapters when their settings are given', () => {
    const config = loadEnvironment({
      DATABASE_URL: 'postgres://u@db:5432/esign',
      REDIS_URL: 'redis://redis:6379',
      COGNITO_USER_POOL_ID: 'eu-west-1_AbCdEf123',
      COGNITO_CLIENT_ID: '1example23456789abcdefghij',
      SMTP_HOST: 'smtp.example.lu',
      PORT: '8080',
    });
    expect(config.env.PORT).toBe(8080);
    expect(config.usesEmbeddedDatabase).toBe(false);
    expect(config.usesRedisQueue).toBe(true);
    expect(config.usesEmbeddedIdentity).toBe(false);
    expect(config.exposesDevelopmentOutbox).toBe(false);
  });

  it('names a malformed variable', () => {
    expect(() => loadEnvironment({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadEnvironment({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL must be a postgres/);
    expect(() => loadEnvironment({ REDIS_URL: 'http://x' })).toThrow(/REDIS_URL/);
  });

  it('names the missing partner of a setting that needs another', () => {
    try {
      loadEnvironment({
        COGNITO_USER_POOL_ID: 'eu-west-1_AbCdEf123',
        TWILIO_ACCOUNT_SID: 'AC' + 'a'.repeat(32),
      });
      throw new Error('expected a configuration error');
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigurationError);
      const problems = (error as ConfigurationError).problems.join('\n');
      expect(problems).toContain('COGNITO_CLIENT_ID is required when COGNITO_USER_POOL_ID is set');
      expect(problems).toContain('TWILIO_AUTH_TOKEN is required when TWILIO_ACCOUNT_SID is set');
    }
  });

  it('offers QUALIFIED signatures only with a whole, well-formed provider configuration', () => {
    expect(loadEnvironment({}).offersQualifiedSignatures).toBe(false);
    const provider = {
      CSC_BASE_URL: 'https://tsp.example.lu',
      CSC_CLIENT_ID: 'esign',
      CSC_CLIENT_SECRET: 'a-secret',
      CSC_REDIRECT_URI: 'https://esign.example.lu/api/signing/qualified/callback',
    };
    expect(loadEnvironment(provider).offersQualifiedSignatures).toBe(true);
    expect(() => loadEnvironment({ CSC_BASE_URL: provider.CSC_BASE_URL })).toThrow(
      /CSC_CLIENT_ID is required when CSC_BASE_URL is set/,
    );
    expect(() => loadEnvironment({ CSC_CLIENT_SECRET: 'a-secret' })).toThrow(
      /CSC_BASE_URL is required when CSC_CLIENT_SECRET is set/,
    );
    expect(() => loadEnvironment({ ...provider, CSC_BASE_URL: 'ftp://tsp.example.lu' })).toThrow(
      /CSC_BASE_URL must be an http\(s\) URL/,
    );
    expect(() => loadEnvironment({ ...provider, CSC_REDIRECT_URI: 'callback' })).toThrow(/CSC_REDIRECT_URI/);
  });

  it('makes ECDSA P-256 signatory keys by default and takes only the key types and counts it knows', () => {
    expect(loadEnvironment({}).env).toMatchObject({
      SIGNATORY_KEY_TYPE: 'ecdsa-p256',
      SIGNATORY_KEYS_AHEAD: 0,
    });
    expect(loadEnvironment({ SIGNATORY_KEY_TYPE: 'rsa-3072', SIGNATORY_KEYS_AHEAD: '4' }).env).toMatchObject({
      SIGNATORY_KEY_TYPE: 'rsa-3072',
      SIGNATORY_KEYS_AHEAD: 4,
    });
    expect(() => loadEnvironment({ SIGNATORY_KEY_TYPE: 'rsa-1024' })).toThrow(
      /SIGNATORY_KEY_TYPE must be one of ecdsa-p256, rsa-3072/,
    );
    expect(() => loadEnvironment({ SIGNATORY_KEYS_AHEAD: '33' })).toThrow(/SIGNATORY_KEYS_AHEAD/);
    expect(() => loadEnvironment({ SIGNATORY_KEYS_AHEAD: '-1' })).toThrow(/SIGNATORY_KEYS_AHEAD/);
  });

  it('serves metrics only with a token long enough not to be guessed, workers on a valid port', () => {
    const none = loadEnvironment({ METRICS_TOKEN: '', WORKER_METRICS_PORT: '' });
    expect(none.env.METRICS_TOKEN).toBeUndefined();
    expect(none.env.WORKER_METRICS_PORT).toBeUndefined();
    const token = 'm'.repeat(32);
    const set = loadEnvironment({ METRICS_TOKEN: token, WORKER_METRICS_PORT: '9464' });
    expect(set.env.METRICS_TOKEN).toBe(token);
    expect(set.env.WORKER_METRICS_PORT).toBe(9464);
    expect(() => loadEnvironment({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
    for (const port of ['0', '65536', 'metrics', '94.64']) {
      expect(() => loadEnvironment({ WORKER_METRICS_PORT: port })).toThrow(/WORKER_METRICS_PORT/);
    }
  });

  it('bounds the storage quota and the age of stale uploads', () => {
    expect(loadEnvironment({}).env).toMatchObject({ MEMBER_STORAGE_QUOTA_MB: 2048, STALE_UPLOAD_HOURS: 24 });
    expect(loadEnvironment({ MEMBER_STORAGE_QUOTA_MB: '500', STALE_UPLOAD_HOURS: '6' }).env).toMatchObject({
      MEMBER_STORAGE_QUOTA_MB: 500,
      STALE_UPLOAD_HOURS: 6,
    });
    expect(() => loadEnvironment({ MEMBER_STORAGE_QUOTA_MB: '0' })).toThrow(/MEMBER_STORAGE_QUOTA_MB/);
    expect(() => loadEnvironment({ MEMBER_STORAGE_QUOTA_MB: 'lots' })).toThrow(/MEMBER_STORAGE_QUOTA_MB/);
    // Under an hour, a sweep could remove an upload whose address still works.
    expect(() => loadEnvironment({ STALE_UPLOAD_HOURS: '0' })).toThrow(/STALE_UPLOAD_HOURS/);
    expect(() => loadEnvironment({ STALE_UPLOAD_HOURS: '1.5' })).toThrow(/STALE_UPLOAD_HOURS/);
  });

  it('treats empty strings as unset', () => {
    expect(loadEnvironment({ DATABASE_URL: '', REDIS_URL: ' ' }).usesEmbeddedDatabase).toBe(true);
  });
});
