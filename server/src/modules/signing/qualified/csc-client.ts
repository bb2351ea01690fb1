import { createHash, randomBytes } from 'node:crypto';

/** The provider's address and this platform's OAuth client, from CSC_* settings. */
export interface CscSettings {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  /** Per call; the provider is a remote service and may hang. */
  timeoutMs?: number;
}

/**
 * Why a call to the provider failed. UNAVAILABLE: down, slow or answering 5xx (try again later; nothing was
 * done). REFUSED: the provider said no (a used or expired authorisation, a wrong parameter). INVALID: it
 * answered something this client cannot use.
 */
export class CscError extends Error {
  constructor(
    readonly kind: 'UNAVAILABLE' | 'REFUSED' | 'INVALID',
    message: string,
    readonly providerError?: string,
  ) {
    super(message);
    this.name = 'CscError';
  }
}

export type CscScope = { scope: 'service' } | { scope: 'credential'; credentialId: string; hash: Buffer };

export interface CscCredential {
  id: string;
  /** The signer's certificate first, then its issuers as the provider gives them. */
  certificatesDer: Buffer[];
  /** Key algorithm OIDs (rsaEncryption, id-ecPublicKey). */
  keyAlgorithms: string[];
  usable: boolean;
}

export interface CscInfo {
  name: string;
  methods: string[];
  /** Where the OAuth 2.0 endpoints are (info's oauth2, else the base URL). */
  oauth2: string;
}

const SHA256 = '2.16.840.1.101.3.4.2.1';
const RSA_ENCRYPTION = '1.2.840.113549.1.1.1';
const EC_PUBLIC_KEY = '1.2.840.10045.2.1';
/** The signature algorithm to ask for, by key algorithm: SHA-256 with RSA (PKCS#1 v1.5) or with ECDSA. */
const SIGN_ALGORITHMS: Record<string, string> = {
  [RSA_ENCRYPTION]: '1.2.840.113549.1.1.11',
  [EC_PUBLIC_KEY]: '1.2.840.10045.4.3.2',
};
const DEFAULT_TIMEOUT_MS = 15_000;
/** Reads are retried on a network failure or a 5xx; authorisations and signatures never are (single use). */
const READ_ATTEMPTS = 3;

/** RFC 7636: a verifier kept by the platform and its S256 challenge sent with the authorisation request. */
export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/**
 * A client of the Cloud Signature Consortium API v2.0 with OAuth 2.0 authorisation codes (RFC 6749) and
 * PKCE: a service authorisation to read the signatory's credentials, then a credential authorisation for one
 * hash, whose access token is the SAD that signatures/signHash takes once.
 */
export class CscClient {
  private info?: Promise<CscInfo>;

  constructor(private readonly settings: CscSettings) {}

  /** The provider's description, read once (and again after a failure), or afresh: proof it answers now. */
  describe(options: { fresh?: boolean } = {}): Promise<CscInfo> {
    if (options.fresh) this.info = undefined;
    this.info ??= this.read('/csc/v2/info', undefined, { lang: 'fr' })
      .then((body) => {
        const methods = Array.isArray(body.methods)
          ? body.methods.filter((m): m is string => typeof m === 'string')
          : [];
        return {
          name: typeof body.name === 'string' ? body.name : new URL(this.settings.baseUrl).host,
          methods,
          oauth2: typeof body.oauth2 === 'string' && body.oauth2 ? body.oauth2 : this.settings.baseUrl,
        };
      })
      .catch((error: unknown) => {
        this.info = undefined;
        throw error;
      });
    return this.info;
  }

  /** Where to send the signatory's browser. `state` ties the answer to this attempt (CSRF). */
  async authorizationUrl(
    request: CscScope,
    state: string,
    codeChallenge: string,
    language: string,
  ): Promise<string> {
    const { oauth2 } = await this.describe();
    const url = new URL(`${oauth2.replace(/\/$/, '')}/oauth2/authorize`);
    const parameters: Record<string, string> = {
      response_type: 'code',
      client_id: this.settings.clientId,
      redirect_uri: this.settings.redirectUri,
      scope: request.scope,
      code_challenge: codeChallenge,
      code_challenge_method: 'S256',
      state,
      lang: language,
    };
    if (request.scope === 'credential') {
      Object.assign(parameters, {
        credentialID: request.credentialId,
        numSignatures: '1',
        hashes: request.hash.toString('base64url'),
        hashAlgorithmOID: SHA256,
      });
    }
    for (const [key, value] of Object.entries(parameters)) url.searchParams.set(key, value);
    return url.toString();
  }

  /** Exchanges an authorisation code once; a replayed or expired code is REFUSED. */
  async exchangeCode(code: string, codeVerifier: string): Promise<{ accessToken: string }> {
    const { oauth2 } = await this.describe();
    const body = await this.call(
      `${oauth2.replace(/\/$/, '')}/oauth2/token`,
      new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        client_id: this.settings.clientId,
        client_secret: this.settings.clientSecret,
        redirect_uri: this.settings.redirectUri,
        code_verifier: codeVerifier,
      }),
      undefined,
    );
    if (typeof body.access_token !== 'string' || !body.access_token) {
      throw new CscError('INVALID', 'the token answer has no access token');
    }
    return { accessToken: body.access_token };
  }

  async listCredentials(serviceToken: string): Promise<string[]> {
    const body = await this.read('/csc/v2/credentials/list', serviceToken, {});
    const ids = Array.isArray(body.credentialIDs) ? body.credentialIDs : [];
    return ids.filter((id): id is string => typeof id === 'string');
  }

  async credential(serviceToken: string, credentialId: string): Promise<CscCredential> {
    const body = await this.read('/csc/v2/credentials/info', serviceToken, {
      credentialID: credentialId,
      certificates: 'chain',
      certInfo: false,
    });
    const key = (body.key ?? {}) as Record<string, unknown>;
    const cert = (body.cert ?? {}) as Record<string, unknown>;
    const certificates = Array.isArray(cert.certificates) ? cert.certificates : [];
    const certificatesDer = certificates
      .filter((c): c is string => typeof c === 'string')
      .map((c) => Buffer.from(c, 'base64'));
    if (certificatesDer.length === 0) throw new CscError('INVALID', 'the credential has no certificate');
    return {
      id: credentialId,
      certificatesDer,
      keyAlgorithms: Array.isArray(key.algo)
        ? key.algo.filter((a): a is string => typeof a === 'string')
        : [],
      usable: key.status === 'enabled' && (cert.status === undefined || cert.status === 'valid'),
    };
  }

  /** One signature of one hash with the SAD of a credential authorisation; never retried. */
  async signHash(sad: string, credential: CscCredential, hash: Buffer, clientData: string): Promise<Buffer> {
    const signAlgo = credential.keyAlgorithms.map((algorithm) => SIGN_ALGORITHMS[algorithm]).find(Boolean);
    if (!signAlgo) throw new CscError('INVALID', 'the credential key is neither RSA nor ECDSA');
    const body = await this.call(
      this.endpoint('/csc/v2/signatures/signHash'),
      {
        credentialID: credential.id,
        hashes: [hash.toString('base64')],
        hashAlgorithmOID: SHA256,
        signAlgo,
        clientData,
      },
      sad,
    );
    const [signature]: unknown[] = Array.isArray(body.signatures) ? (body.signatures as unknown[]) : [];
    if (typeof signature !== 'string' || !signature)
      throw new CscError('INVALID', 'signHash returned no signature');
    return Buffer.from(signature, 'base64');
  }

  /** An RFC 3161 token over `hash` from the provider, when its info lists signatures/timestamp. */
  async timestamp(serviceToken: string, hash: Buffer): Promise<Buffer | undefined> {
    if (!(await this.describe()).methods.includes('signatures/timestamp')) return undefined;
    const body = await this.read('/csc/v2/signatures/timestamp', serviceToken, {
      hash: hash.toString('base64'),
      hashAlgorithmOID: SHA256,
      nonce: randomBytes(8).toString('hex'),
    });
    if (typeof body.timestamp !== 'string' || !body.timestamp)
      throw new CscError('INVALID', 'no time-stamp token');
    return Buffer.from(body.timestamp, 'base64');
  }

  private endpoint(path: string): string {
    return `${this.settings.baseUrl.replace(/\/$/, '')}${path}`;
  }

  /** An idempotent call: retried after a network failure or a 5xx, a little later each time. */
  private async read(
    path: string,
    token: string | undefined,
    json: object,
  ): Promise<Record<string, unknown>> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await this.call(this.endpoint(path), json, token);
      } catch (error) {
        if (!(error instanceof CscError) || error.kind !== 'UNAVAILABLE' || attempt >= READ_ATTEMPTS)
          throw error;
        await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
      }
    }
  }

  private async call(
    url: string,
    body: object | URLSearchParams,
    token: string | undefined,
  ): Promise<Record<string, unknown>> {
    let response: Response;
    const signal = AbortSignal.timeout(this.settings.timeoutMs ?? DEFAULT_TIMEOUT_MS);
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: {
          accept: 'application/json',
          ...(body instanceof URLSearchParams ? {} : { 'content-type': 'application/json' }),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: body instanceof URLSearchParams ? body : JSON.stringify(body),
        redirect: 'error',
        signal,
      });
    } catch {
      throw new CscError(
        'UNAVAILABLE',
        signal.aborted ? 'the provider did not answer in time' : 'the provider cannot be reached',
      );
    }
    const text = await response.text().catch(() => '');
    let parsed: Record<string, unknown> = {};
    try {
      const value: unknown = text ? JSON.parse(text) : {};
      if (value && typeof value === 'object' && !Array.isArray(value))
        parsed = value as Record<string, unknown>;
    } catch {
      if (response.ok) throw new CscError('INVALID', 'the provider answered something other than JSON');
    }
    if (response.status >= 500) throw new CscError('UNAVAILABLE', `the provider answered ${response.status}`);
    if (!response.ok) {
      const providerError = typeof parsed.error === 'string' ? parsed.error : undefined;
      throw new CscError(
        'REFUSED',
        `the provider refused (${response.status}${providerError ? ` ${providerError}` : ''})`,
        providerError,
      );
    }
    return parsed;
  }
}
