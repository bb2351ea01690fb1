import { constants, createHash, privateEncrypt, randomBytes, webcrypto, KeyObject } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { ensureDevelopmentPki } from '../pki/development-pki';
import { LocalTimestampAuthority } from '../pki/local-timestamp-authority';
import type { PkiMaterial } from '../pki/pki-material';
import { issueSignatoryCertificate } from '../pki/signatory-certificate';

/**
 * A trust-service provider speaking the Cloud Signature Consortium API v2.0, for tests only: its own CA
 * issuing "qualified" certificates (QcStatements), OAuth 2.0 authorisation codes with PKCE and a consent
 * page a browser can click through, credentials/list and /info, signatures/signHash bound to the authorised
 * hash, signatures/timestamp, and switches for what a real provider may do wrong. Never part of the product.
 */
export interface CscStandInOptions {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
}

/** What the tests may make the provider do. All off by default. */
export interface CscSwitches {
  /** Every call answers 503. */
  down: boolean;
  /** Every API call waits this long before answering. */
  delayMs: number;
  /** Certificates issued from now on carry no QcStatements. */
  notQualified: boolean;
  /** signHash returns a signature of another hash. */
  wrongSignature: boolean;
  /** info does not list signatures/timestamp. */
  noTimestamp: boolean;
}

export interface CscStandIn {
  /** The base URL: `${url}/csc/v2/…` and `${url}/oauth2/…`. */
  url: string;
  /** The stand-in's root certificate, for relying parties to trust in tests. */
  caPem: string;
  switches: CscSwitches;
  /** signHash calls that returned a signature, in order, with the clientData the caller sent. */
  signed: { credentialId: string; clientData?: string }[];
  /** Every request received, as "METHOD /path". */
  requests: string[];
  close(): Promise<void>;
}

interface Account {
  name: string;
  credentialId: string;
  privateKey: KeyObject;
  certificatesDer: Buffer[];
}

interface Grant {
  scope: 'service' | 'credential';
  clientId: string;
  redirectUri: string;
  challenge: string;
  account: Account;
  hashes: string[];
  expiresAt: number;
  used: boolean;
}

interface Token {
  scope: 'service' | 'credential';
  account: Account;
  hashes: string[];
  expiresAt: number;
  /** A credential token (the SAD) signs once. */
  used: boolean;
}

const SHA256 = '2.16.840.1.101.3.4.2.1';
const SHA256_WITH_RSA = '1.2.840.113549.1.1.11';
const RSA = '1.2.840.113549.1.1.1';
/** DigestInfo for SHA-256: what an RSA PKCS#1 v1.5 signature of a bare hash wraps (RFC 8017 §9.2). */
const SHA256_DIGEST_INFO = Buffer.from('3031300d060960864801650304020105000420', 'hex');
const CODE_LIFETIME_MS = 60_000;
const TOKEN_LIFETIME_MS = 5 * 60_000;

export async function startCscStandIn(options: CscStandInOptions): Promise<CscStandIn> {
  const directory = await mkdtemp(path.join(tmpdir(), 'csc-stand-in-'));
  const pki: PkiMaterial = await ensureDevelopmentPki(path.join(directory, 'pki'), {
    organizationName: 'CSC Stand-in Trust Services',
  });
  const tsa = new LocalTimestampAuthority(pki.timestamping);
  const switches: CscSwitches = {
    down: false,
    delayMs: 0,
    notQualified: false,
    wrongSignature: false,
    noTimestamp: false,
  };
  const accounts = new Map<string, Account>();
  const grants = new Map<string, Grant>();
  const tokens = new Map<string, Token>();
  const signed: CscStandIn['signed'] = [];
  const requests: string[] = [];
  let base = '';

  async function accountNamed(name: string): Promise<Account> {
    const known = [...accounts.values()].find((account) => account.name === name);
    if (known) return known;
    const keys = await webcrypto.subtle.generateKey(
      {
        name: 'RSASSA-PKCS1-v1_5',
        modulusLength: 2048,
        publicExponent: new Uint8Array([1, 0, 1]),
        hash: 'SHA-256',
      },
      true,
      ['sign', 'verify'],
    );
    const issued = await issueSignatoryCertificate(pki.certificateAuthority, {
      commonName: name,
      countryName: 'LU',
      validityMinutes: 7 * 24 * 60,
      keys,
      qualified: !switches.notQualified,
    });
    const account: Account = {
      name,
      credentialId: `cred-${randomBytes(6).toString('hex')}`,
      privateKey: KeyObject.from(keys.privateKey),
      certificatesDer: [issued.identity.certificateDer, ...issued.identity.chainDer],
    };
    accounts.set(account.credentialId, account);
    return account;
  }

  const routes: Record<
    string,
    (
      request: IncomingMessage,
      url: URL,
      body: Record<string, string | string[] | boolean>,
    ) => Reply | Promise<Reply>
  > = {
    'GET /oauth2/authorize': (_request, url) => consentPage(url),
    // Browsers ask for it on the consent page; a provider has one.
    'GET /favicon.ico': () => ({ status: 204, headers: {}, body: '' }),
    'POST /oauth2/authorize': async (_request, _url, body) => decide(body),
    'POST /oauth2/token': (_request, _url, body) => token(body),
    'POST /csc/v2/info': () =>
      json(200, {
        specs: '2.0.0.0',
        name: 'CSC Stand-in Trust Services',
        logo: `${base}/logo.png`,
        region: 'LU',
        lang: 'fr-LU',
        description: 'A test stand-in of a qualified trust-service provider',
        authType: ['oauth2code'],
        oauth2: base,
        methods: [
          'oauth2/authorize',
          'oauth2/token',
          'credentials/list',
          'credentials/info',
          'signatures/signHash',
          ...(switches.noTimestamp ? [] : ['signatures/timestamp']),
        ],
      }),
    'POST /csc/v2/credentials/list': (request) => {
      const found = bearer(request, 'service');
      if ('error' in found) return found.error;
      return json(200, { credentialIDs: [found.token.account.credentialId] });
    },
    'POST /csc/v2/credentials/info': (request, _url, body) => {
      const found = bearer(request, 'service');
      if ('error' in found) return found.error;
      if (body.credentialID !== found.token.account.credentialId)
        return cscError(400, 'invalid_request', 'Invalid parameter credentialID');
      const { account } = found.token;
      const chain =
        body.certificates === 'none'
          ? []
          : body.certificates === 'single'
            ? account.certificatesDer.slice(0, 1)
            : account.certificatesDer;
      return json(200, {
        description: 'Qualified certificate for electronic signatures',
        key: { status: 'enabled', algo: [RSA], len: 2048 },
        cert: { status: 'valid', certificates: chain.map((der) => der.toString('base64')) },
        authMode: 'oauth2code',
        SCAL: '2',
        multisign: 1,
        lang: 'fr-LU',
      });
    },
    'POST /csc/v2/signatures/signHash': (request, _url, body) => {
      const found = bearer(request, 'credential');
      if ('error' in found) return found.error;
      const { token } = found;
      const hashes = Array.isArray(body.hashes) ? body.hashes : [];
      if (body.credentialID !== token.account.credentialId)
        return cscError(400, 'invalid_request', 'Invalid parameter credentialID');
      if (body.hashAlgorithmOID !== SHA256 || body.signAlgo !== SHA256_WITH_RSA)
        return cscError(400, 'invalid_request', 'Unsupported algorithm');
      const asked = hashes.map((hash) => Buffer.from(String(hash), 'base64').toString('hex'));
      if (asked.length === 0 || asked.join() !== token.hashes.join()) {
        return cscError(400, 'invalid_request', 'The hashes are not those authorised');
      }
      if (token.used) return cscError(400, 'invalid_request', 'The SAD was used already');
      token.used = true;
      const signatures = hashes.map((hash) => {
        const digest = switches.wrongSignature
          ? createHash('sha256').update(hash).digest()
          : Buffer.from(hash, 'base64');
        return privateEncrypt(
          { key: token.account.privateKey, padding: constants.RSA_PKCS1_PADDING },
          Buffer.concat([SHA256_DIGEST_INFO, digest]),
        ).toString('base64');
      });
      signed.push({
        credentialId: token.account.credentialId,
        clientData: typeof body.clientData === 'string' ? body.clientData : undefined,
      });
      return json(200, { signatures });
    },
    'POST /csc/v2/signatures/timestamp': async (request, _url, body) => {
      if (switches.noTimestamp) return cscError(404, 'invalid_request', 'Unknown method');
      const found = bearer(request, 'service');
      if ('error' in found) return found.error;
      if (body.hashAlgorithmOID !== SHA256 || typeof body.hash !== 'string')
        return cscError(400, 'invalid_request', 'Invalid parameter hash');
      const token = await tsa.timestamp({
        hashAlgorithmOid: SHA256,
        hashedMessage: Buffer.from(body.hash, 'base64'),
      });
      return json(200, { timestamp: token.toString('base64') });
    },
  };

  function consentPage(url: URL): Reply {
    const query = Object.fromEntries(url.searchParams);
    const problem = checkAuthorisationRequest(query);
    if (problem) return html(400, `<h1>Invalid request</h1><p>${escape(problem)}</p>`);
    const account = query.scope === 'credential' ? accounts.get(query.credentialID ?? '') : undefined;
    const hidden = Object.entries(query)
      .map(([key, value]) => `<input type="hidden" name="${escape(key)}" value="${escape(value)}">`)
      .join('');
    const who = account
      ? `<p>Signer: <strong>${escape(account.name)}</strong></p><p>Hash: <code>${escape(query.hashes ?? '')}</code></p>`
      : `<p><label>Your name <input name="login" required autocomplete="name"></label></p>`;
    return html(
      200,
      `<h1>CSC Stand-in Trust Services</h1>
       <p>${query.scope === 'credential' ? 'Authorise one signature' : 'Sign in to use your qualified certificate'}</p>
       <form method="post" action="/oauth2/authorize">${hidden}${who}
         <button name="decision" value="approve">Approve</button>
         <button name="decision" value="cancel" formnovalidate>Cancel</button>
       </form>`,
    );
  }

  function checkAuthorisationRequest(query: Record<string, string>): string | undefined {
    if (query.response_type !== 'code') return 'response_type must be code';
    if (query.client_id !== options.clientId) return 'unknown client';
    if (!options.redirectUris.includes(query.redirect_uri ?? '')) return 'redirect_uri not registered';
    if (query.code_challenge_method !== 'S256' || !query.code_challenge) return 'PKCE with S256 is required';
    if (query.scope !== 'service' && query.scope !== 'credential') return 'unknown scope';
    if (query.scope === 'credential') {
      if (!accounts.has(query.credentialID ?? '')) return 'unknown credentialID';
      if (query.numSignatures !== '1' || !query.hashes || query.hashAlgorithmOID !== SHA256) {
        return 'one SHA-256 hash is required';
      }
    }
    return undefined;
  }

  async function decide(body: Record<string, string | string[] | boolean>): Promise<Reply> {
    const query = Object.fromEntries(
      Object.entries(body).filter(([, value]) => typeof value === 'string'),
    ) as Record<string, string>;
    const problem = checkAuthorisationRequest(query);
    if (problem) return html(400, `<h1>Invalid request</h1><p>${escape(problem)}</p>`);
    const back = new URL(query.redirect_uri ?? '');
    if (query.state !== undefined) back.searchParams.set('state', query.state);
    if (query.decision !== 'approve') {
      back.searchParams.set('error', 'access_denied');
      back.searchParams.set('error_description', 'The user cancelled');
      return redirect(back);
    }
    const account =
      query.scope === 'credential'
        ? accounts.get(query.credentialID ?? '')
        : query.login?.trim()
          ? await accountNamed(query.login.trim())
          : undefined;
    if (!account) return html(400, '<h1>Invalid request</h1><p>a name is required</p>');
    const code = randomBytes(16).toString('base64url');
    grants.set(code, {
      scope: query.scope as Grant['scope'],
      clientId: query.client_id ?? '',
      redirectUri: query.redirect_uri ?? '',
      challenge: query.code_challenge ?? '',
      account,
      // Authorised as base64url in the query, sent as base64 to signHash: kept as hexadecimal.
      hashes:
        query.scope === 'credential'
          ? (query.hashes ?? '').split(',').map((hash) => Buffer.from(hash, 'base64url').toString('hex'))
          : [],
      expiresAt: Date.now() + CODE_LIFETIME_MS,
      used: false,
    });
    back.searchParams.set('code', code);
    return redirect(back);
  }

  function token(body: Record<string, string | string[] | boolean>): Reply {
    if (body.grant_type !== 'authorization_code') return oauthError('unsupported_grant_type');
    if (body.client_id !== options.clientId || body.client_secret !== options.clientSecret)
      return oauthError('invalid_client', 401);
    const grant = grants.get(String(body.code ?? ''));
    if (!grant || grant.used || grant.expiresAt < Date.now()) {
      // RFC 6749 §4.1.2: a code used twice is refused (and its tokens should be revoked).
      if (grant?.used)
        for (const [key, value] of tokens)
          if (value.account === grant.account && value.scope === grant.scope) tokens.delete(key);
      return oauthError('invalid_grant');
    }
    grant.used = true;
    if (grant.redirectUri !== body.redirect_uri || grant.clientId !== body.client_id)
      return oauthError('invalid_grant');
    const verifier = String(body.code_verifier ?? '');
    if (createHash('sha256').update(verifier).digest('base64url') !== grant.challenge)
      return oauthError('invalid_grant');
    const accessToken = randomBytes(24).toString('base64url');
    tokens.set(accessToken, {
      scope: grant.scope,
      account: grant.account,
      hashes: grant.hashes,
      expiresAt: Date.now() + TOKEN_LIFETIME_MS,
      used: false,
    });
    return json(200, {
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: TOKEN_LIFETIME_MS / 1000,
      scope: grant.scope,
    });
  }

  function bearer(request: IncomingMessage, scope: Token['scope']): { token: Token } | { error: Reply } {
    const value = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    const found = value ? tokens.get(value) : undefined;
    if (!found || found.expiresAt < Date.now() || found.scope !== scope) {
      return { error: cscError(401, 'invalid_token', 'The access token is not valid') };
    }
    return { token: found };
  }

  const server = createServer((request, response) => {
    void handle(request, response);
  });

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', base);
    requests.push(`${request.method} ${url.pathname}`);
    const route = routes[`${request.method} ${url.pathname}`];
    let reply: Reply;
    try {
      const body = await readBody(request);
      if (switches.down) reply = cscError(503, 'temporarily_unavailable', 'Service unavailable');
      else if (!route) reply = cscError(404, 'invalid_request', 'Unknown method');
      else {
        if (switches.delayMs > 0 && url.pathname.startsWith('/csc/'))
          await new Promise((resolve) => setTimeout(resolve, switches.delayMs));
        reply = await route(request, url, body);
      }
    } catch (error) {
      reply = cscError(400, 'invalid_request', error instanceof Error ? error.message : 'bad request');
    }
    response.writeHead(reply.status, reply.headers);
    response.end(reply.body);
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    caPem: pki.trustBundlePem(),
    switches,
    signed,
    requests,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/**
 * What a signatory's browser does on the stand-in's consent page, without a browser: opens it, then submits
 * its form approving (with `login` as the name on a first sign-in) or cancelling. Returns where the
 * provider sends the browser back.
 */
export async function submitConsent(
  authorizationUrl: string,
  decision: 'approve' | 'cancel',
  login?: string,
): Promise<URL> {
  const page = await fetch(authorizationUrl);
  if (page.status !== 200 || !(await page.text()).includes('<form')) {
    throw new Error(`the consent page answered ${page.status}`);
  }
  const form = new URLSearchParams(new URL(authorizationUrl).searchParams);
  form.set('decision', decision);
  if (login) form.set('login', login);
  const answer = await fetch(new URL('/oauth2/authorize', authorizationUrl), {
    method: 'POST',
    body: form,
    redirect: 'manual',
  });
  const location = answer.headers.get('location');
  if (answer.status !== 302 || !location) throw new Error(`the consent form answered ${answer.status}`);
  return new URL(location);
}

interface Reply {
  status: number;
  headers: Record<string, string>;
  body: string;
}

const json = (status: number, value: unknown): Reply => ({
  status,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(value),
});
const cscError = (status: number, error: string, description: string): Reply =>
  json(status, { error, error_description: description });
const oauthError = (error: string, status = 400): Reply => json(status, { error });
const html = (status: number, content: string): Reply => ({
  status,
  headers: { 'content-type': 'text/html; charset=utf-8' },
  body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>CSC Stand-in</title></head><body>${content}</body></html>`,
});
const redirect = (to: URL): Reply => ({ status: 302, headers: { location: to.toString() }, body: '' });

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** JSON or form bodies, as OAuth and CSC clients send them. */
async function readBody(request: IncomingMessage): Promise<Record<string, string | string[] | boolean>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text) return {};
  if ((request.headers['content-type'] ?? '').includes('application/json')) {
    return JSON.parse(text) as Record<string, string | string[] | boolean>;
  }
  return Object.fromEntries(new URLSearchParams(text));
}
