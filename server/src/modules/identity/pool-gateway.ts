import { createHmac, randomBytes, timingSafeEqual, createHash } from 'node:crypto';
import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import jwt from 'jsonwebtoken';
import { isValidPassword, PASSWORD_MAX, PASSWORD_MIN } from '@esign/shared';
import { assertJsonDepth } from '../../common/json-limits';
import { type RateLimitStore } from '../../common/rate-limit/rate-limit-store';
import { type EmbeddedUserPool, PoolCallError, type PoolUser } from './embedded-user-pool';
import { attemptAddress, type SignInThrottle } from './sign-in-throttle';

/**
 * The calls a browser's sign-in pages make, and nothing else: no `SignUp`, no `ListUsers`, no `Admin*`.
 * Token refresh is `InitiateAuth` with the refresh-token flow; `RevokeToken` is the library's sign-out.
 */
export const BROWSER_TARGETS = [
  'InitiateAuth',
  'RespondToAuthChallenge',
  'ForgotPassword',
  'ConfirmForgotPassword',
  'ChangePassword',
  'GetUser',
  'GlobalSignOut',
  'RevokeToken',
] as const;
type BrowserTarget = (typeof BROWSER_TARGETS)[number];

const TARGET_PREFIX = 'AWSCognitoIdentityProviderService.';
const CHALLENGE_LIFETIME_MS = 3 * 60_000;
/** Reset codes e-mailed per address and hour: each one is an e-mail the product sends. */
const RESETS_PER_HOUR = 5;
const RESET_CODE_LIFETIME_MS = 60 * 60_000;

export interface PoolGatewayOptions {
  pool: EmbeddedUserPool;
  userPoolId: string;
  clientId: string;
  /** The `iss` of the pool's tokens. */
  issuer: string;
  throttle: SignInThrottle;
  limits: RateLimitStore;
  /** Calls per minute and client IP. */
  perIpPerMinute: number;
  /** Told when an account has just been locked after repeated failures (the e-mail to its owner). */
  onAccountLocked: (email: string) => Promise<void>;
}

type Body = Record<string, unknown>;

/** A Cognito error answer, as the browser library reads it (`__type` becomes the error's `code`). */
function refuse(type: string, message: string, status = 400): PoolCallError {
  return new PoolCallError(type, message, status);
}

const wrongCredentials = () => refuse('NotAuthorizedException', 'Incorrect username or password.');
const passwordPolicy = () =>
  refuse(
    'InvalidPasswordException',
    `Password does not conform to policy: ${PASSWORD_MIN} to ${PASSWORD_MAX} characters with lower case, upper case and digits`,
  );

function text(body: Body, key: string): string {
  const value = body[key];
  return typeof value === 'string' ? value : '';
}

function record(body: Body, key: string): Body {
  const value = body[key];
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Body) : {};
}

function sameSecret(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given, 'utf8').digest();
  const b = createHash('sha256').update(expected, 'utf8').digest();
  return timingSafeEqual(a, b);
}

function emailOf(user: PoolUser): string {
  return user.Attributes.find((a) => a.Name === 'email')?.Value?.toLowerCase() ?? user.Username;
}

/** `a•••@e•••.lu`: where the code went, without handing out the address. */
function maskedEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  const dot = domain.lastIndexOf('.');
  const host = dot > 0 ? domain.slice(0, dot) : domain;
  const tld = dot > 0 ? domain.slice(dot) : '';
  return `${local.slice(0, 1)}***@${host.slice(0, 1)}***${tld}`;
}

/**
 * The embedded pool's public face at `/cognito`. The pool library trusts its callers: it hands a
 * new-password challenge to anyone who names a new account, accepts any challenge session, reads access tokens
 * without checking their signature and tells unknown addresses from wrong passwords. This gateway lets only
 * the browser calls through, and checks for each what Cognito itself would: the password before a challenge,
 * a challenge session it issued, the access token's signature, the password policy; one answer for unknown
 * accounts and wrong secrets; throttling per account and address with growing locks (`SignInThrottle`) and a
 * per-address limit (an IPv4 address, an IPv6 /64: see attemptAddress), both in the shared store.
 */
export class PoolGateway {
  private readonly sessionKey = randomBytes(32);

  constructor(private readonly options: PoolGatewayOptions) {}

  router(): Router {
    const router = express.Router();
    router.get('/:userPoolId/.well-known/jwks.json', (request, response) => {
      if (request.params.userPoolId !== this.options.userPoolId) {
        response.status(404).json({ message: 'Not found' });
        return;
      }
      response.setHeader('Cache-Control', 'public, max-age=300');
      response.json({ keys: [this.options.pool.signingKey.publicJwk] });
    });
    router.post(
      '/',
      (request, response, next) => this.limitPerIp(request, response, next),
      express.json({
        type: 'application/x-amz-json-1.1',
        limit: '16kb',
        strict: true,
        verify: (_request, _response, buffer) => assertJsonDepth(buffer),
      }),
      (request, response) => void this.handle(request, response),
    );
    router.use((request: Request, response: Response) => {
      response.status(404).json({ __type: 'UnknownOperationException', message: 'Not found' });
    });
    router.use((error: unknown, _request: Request, response: Response, _next: NextFunction) => {
      const status = (error as { status?: number }).status;
      const clientError = typeof status === 'number' && status >= 400 && status < 500;
      response.status(clientError ? status : 500).json({
        __type: clientError ? 'InvalidParameterException' : 'InternalErrorException',
        message: clientError ? 'Malformed request' : 'Internal error',
      });
    });
    return router;
  }

  private limitPerIp(request: Request, response: Response, next: NextFunction): void {
    this.options.limits
      .hit(`cognito:${attemptAddress(request.ip)}`, 60_000)
      .then(({ count, resetInMs }) => {
        if (count <= this.options.perIpPerMinute) {
          next();
          return;
        }
        response.setHeader('Retry-After', String(Math.max(1, Math.ceil(resetInMs / 1000))));
        response.status(429).json({ __type: 'TooManyRequestsException', message: 'Too many requests' });
      })
      .catch(next);
  }

  private async handle(request: Request, response: Response): Promise<void> {
    response.type('application/x-amz-json-1.1');
    response.setHeader('Cache-Control', 'no-store');
    try {
      const target = this.target(request);
      const body: unknown = request.body;
      if (typeof body !== 'object' || body === null || Array.isArray(body)) {
        throw refuse('InvalidParameterException', 'The body must be a JSON object');
      }
      const result = await this.dispatch(target, body as Body, response);
      response.status(200).send(JSON.stringify(result ?? {}));
    } catch (error) {
      const failure =
        error instanceof PoolCallError ? error : refuse('InternalErrorException', 'Internal error', 500);
      response
        .status(failure.status)
        .send(JSON.stringify({ __type: failure.type, message: failure.message }));
    }
  }

  private target(request: Request): BrowserTarget {
    const header = request.headers['x-amz-target'];
    if (typeof header !== 'string' || !header.startsWith(TARGET_PREFIX)) {
      throw refuse('UnknownOperationException', 'Missing or invalid X-Amz-Target');
    }
    const name = header.slice(TARGET_PREFIX.length);
    if (!(BROWSER_TARGETS as readonly string[]).includes(name)) {
      throw refuse('AccessDeniedException', 'This operation is not available', 403);
    }
    return name as BrowserTarget;
  }

  private dispatch(target: BrowserTarget, body: Body, response: Response): Promise<unknown> {
    if (target !== 'GetUser' && target !== 'ChangePassword' && target !== 'GlobalSignOut') {
      if (text(body, 'ClientId') !== this.options.clientId) {
        throw refuse('ResourceNotFoundException', 'User pool client does not exist.');
      }
    }
    switch (target) {
      case 'InitiateAuth':
        return this.initiateAuth(body, response);
      case 'RespondToAuthChallenge':
        return this.respondToChallenge(body);
      case 'ForgotPassword':
        return this.forgotPassword(body, response);
      case 'ConfirmForgotPassword':
        return this.confirmForgotPassword(body, response);
      case 'ChangePassword':
        return this.changePassword(body, response);
      case 'GetUser':
        return this.getUser(body);
      case 'GlobalSignOut':
        return this.globalSignOut(body);
      case 'RevokeToken':
        return this.revokeToken(body);
    }
  }

  /**
   * Runs `check` under the account's throttle for the caller's address: refused while locked, failures
   * counted, the owner told when a lock starts.
   */
  private async throttled<T>(
    account: string,
    response: Response,
    check: () => Promise<{ ok: true; value: T } | { ok: false; error: PoolCallError; user: PoolUser | null }>,
  ): Promise<T> {
    const address = attemptAddress(response.req.ip);
    const verdict = await this.options.throttle.begin(account, address);
    if (!verdict.allowed) {
      response.setHeader('Retry-After', String(Math.max(1, Math.ceil(verdict.retryAfterMs / 1000))));
      throw refuse('TooManyFailedAttemptsException', 'Password attempts exceeded');
    }
    const outcome = await check();
    if (outcome.ok) {
      await this.options.throttle.succeeded(account, address);
      return outcome.value;
    }
    if (verdict.notifyOwner && outcome.user) {
      await this.options.onAccountLocked(emailOf(outcome.user)).catch(() => undefined);
    }
    throw outcome.error;
  }

  private async initiateAuth(body: Body, response: Response): Promise<unknown> {
    const flow = text(body, 'AuthFlow');
    const parameters = record(body, 'AuthParameters');
    if (flow === 'REFRESH_TOKEN_AUTH' || flow === 'REFRESH_TOKEN') {
      const refreshToken = text(parameters, 'REFRESH_TOKEN');
      const claims = jwt.decode(refreshToken) as jwt.JwtPayload | null;
      // The pool finds the user by the token's exact value; its lifetime is checked here, the pool does not.
      if (!claims || typeof claims.exp !== 'number' || claims.exp * 1000 < Date.now())
        throw wrongCredentials();
      return this.options.pool.call('InitiateAuth', {
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        ClientId: this.options.clientId,
        AuthParameters: { REFRESH_TOKEN: refreshToken },
      });
    }
    if (flow !== 'USER_PASSWORD_AUTH') {
      throw refuse('InvalidParameterException', 'Unsupported authentication flow');
    }
    const account = text(parameters, 'USERNAME').trim().toLowerCase();
    const password = text(parameters, 'PASSWORD');
    if (!account || !password)
      throw refuse('InvalidParameterException', 'USERNAME and PASSWORD are required');
    return this.throttled(account, response, async () => {
      const user = await this.options.pool.findUser(this.options.clientId, account);
      // The same answer, and the same work, for an unknown address and a wrong password.
      const rightPassword = sameSecret(password, user?.Password ?? randomBytes(16).toString('hex'));
      if (!user || !rightPassword) return { ok: false, error: wrongCredentials(), user };
      if (!user.Enabled)
        return { ok: false, error: refuse('NotAuthorizedException', 'User is disabled.'), user };
      const result = (await this.options.pool.call('InitiateAuth', {
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: this.options.clientId,
        AuthParameters: { USERNAME: user.Username, PASSWORD: password },
      })) as Body;
      if (result.ChallengeName === 'NEW_PASSWORD_REQUIRED') {
        return { ok: true, value: { ...result, Session: this.challengeSession(user) } };
      }
      return { ok: true, value: result };
    });
  }

  private challengeSession(user: PoolUser): string {
    const payload = Buffer.from(
      JSON.stringify({ u: user.Username, exp: Date.now() + CHALLENGE_LIFETIME_MS }),
    ).toString('base64url');
    const mac = createHmac('sha256', this.sessionKey).update(payload).digest('base64url');
    return `${payload}.${mac}`;
  }

  /** The user a challenge session was issued for, or null when it is forged, altered or expired. */
  private challengeUser(session: string): string | null {
    const [payload = '', mac = ''] = session.split('.');
    const expected = createHmac('sha256', this.sessionKey).update(payload).digest();
    const given = Buffer.from(mac, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    try {
      const { u, exp } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
        u?: unknown;
        exp?: unknown;
      };
      return typeof u === 'string' && typeof exp === 'number' && exp > Date.now() ? u : null;
    } catch {
      return null;
    }
  }

  private async respondToChallenge(body: Body): Promise<unknown> {
    if (text(body, 'ChallengeName') !== 'NEW_PASSWORD_REQUIRED') {
      throw refuse('InvalidParameterException', 'Unsupported challenge');
    }
    const username = this.challengeUser(text(body, 'Session'));
    if (!username)
      throw refuse('NotAuthorizedException', 'Invalid session for the user, session is expired.');
    const user = await this.options.pool.findUser(this.options.clientId, username);
    if (!user || user.Username !== username || user.UserStatus !== 'FORCE_CHANGE_PASSWORD' || !user.Enabled) {
      throw refuse('NotAuthorizedException', 'Invalid session for the user, session is expired.');
    }
    const newPassword = text(record(body, 'ChallengeResponses'), 'NEW_PASSWORD');
    if (!isValidPassword(newPassword)) throw passwordPolicy();
    return this.options.pool.call('RespondToAuthChallenge', {
      ChallengeName: 'NEW_PASSWORD_REQUIRED',
      ClientId: this.options.clientId,
      Session: 'checked',
      ChallengeResponses: { USERNAME: user.Username, NEW_PASSWORD: newPassword },
    });
  }

  private async forgotPassword(body: Body, response: Response): Promise<unknown> {
    const account = text(body, 'Username').trim().toLowerCase();
    if (!account) throw refuse('InvalidParameterException', 'Username is required');
    const { count, resetInMs } = await this.options.limits.hit(`reset-code:${account}`, 3_600_000);
    if (count > RESETS_PER_HOUR) {
      response.setHeader('Retry-After', String(Math.max(1, Math.ceil(resetInMs / 1000))));
      throw refuse('LimitExceededException', 'Attempt limit exceeded, please try after some time.');
    }
    const user = await this.options.pool.findUser(this.options.clientId, account);
    // An unknown or disabled address gets the same answer as an account, and no e-mail.
    if (user?.Enabled) {
      await this.options.pool.call('ForgotPassword', {
        ClientId: this.options.clientId,
        Username: user.Username,
      });
    }
    return {
      CodeDeliveryDetails: {
        AttributeName: 'email',
        DeliveryMedium: 'EMAIL',
        Destination: maskedEmail(account),
      },
    };
  }

  private async confirmForgotPassword(body: Body, response: Response): Promise<unknown> {
    const account = text(body, 'Username').trim().toLowerCase();
    const code = text(body, 'ConfirmationCode').trim();
    const newPassword = text(body, 'Password');
    if (!account || !code)
      throw refuse('InvalidParameterException', 'Username and ConfirmationCode are required');
    if (!isValidPassword(newPassword)) throw passwordPolicy();
    return this.throttled(account, response, async () => {
      const user = await this.options.pool.findUser(this.options.clientId, account);
      const mismatch = () =>
        refuse('CodeMismatchException', 'Invalid verification code provided, please try again.');
      const storedCode = user?.ConfirmationCode;
      if (!user?.Enabled || !storedCode || !sameSecret(code, storedCode)) {
        return { ok: false, error: mismatch(), user };
      }
      // The pool keeps a code until it is used; like Cognito's, it is good for an hour after it was sent.
      if (new Date(user.UserLastModifiedDate).getTime() < Date.now() - RESET_CODE_LIFETIME_MS) {
        return {
          ok: false,
          error: refuse('ExpiredCodeException', 'Invalid code provided, please request a code again.'),
          user,
        };
      }
      await this.options.pool.call('ConfirmForgotPassword', {
        ClientId: this.options.clientId,
        Username: user.Username,
        ConfirmationCode: storedCode,
        Password: newPassword,
      });
      // A new password ends the sessions opened with the old one.
      const updated = await this.options.pool.findUser(this.options.clientId, user.Username);
      if (updated) await this.options.pool.revokeRefreshTokens(this.options.clientId, updated);
      return { ok: true, value: {} };
    });
  }

  /** The claims of a valid access token of this pool and client, or a refusal. */
  private accessClaims(body: Body): { username: string } {
    const token = text(body, 'AccessToken');
    try {
      const claims = jwt.verify(token, this.options.pool.publicKey, {
        algorithms: ['RS256'],
        issuer: this.options.issuer,
        clockTolerance: 30,
      }) as jwt.JwtPayload;
      if (claims.token_use !== 'access' || claims.client_id !== this.options.clientId) throw new Error('use');
      if (typeof claims.username !== 'string') throw new Error('username');
      return { username: claims.username };
    } catch {
      throw refuse('NotAuthorizedException', 'Invalid Access Token');
    }
  }

  private async signedInUser(body: Body): Promise<PoolUser> {
    const { username } = this.accessClaims(body);
    const user = await this.options.pool.findUser(this.options.clientId, username);
    if (!user?.Enabled) throw refuse('NotAuthorizedException', 'Invalid Access Token');
    return user;
  }

  private async changePassword(body: Body, response: Response): Promise<unknown> {
    const user = await this.signedInUser(body);
    const proposed = text(body, 'ProposedPassword');
    if (!isValidPassword(proposed)) throw passwordPolicy();
    return this.throttled(emailOf(user), response, async () => {
      if (!sameSecret(text(body, 'PreviousPassword'), user.Password)) {
        return { ok: false, error: wrongCredentials(), user };
      }
      await this.options.pool.call('ChangePassword', {
        AccessToken: text(body, 'AccessToken'),
        PreviousPassword: user.Password,
        ProposedPassword: proposed,
      });
      return { ok: true, value: {} };
    });
  }

  private async getUser(body: Body): Promise<unknown> {
    const user = await this.signedInUser(body);
    return {
      Username: user.Username,
      UserAttributes: user.Attributes,
      MFAOptions: user.MFAOptions,
      PreferredMfaSetting: user.PreferredMfaSetting,
      UserMFASettingList: user.UserMFASettingList,
    };
  }

  private async globalSignOut(body: Body): Promise<unknown> {
    const user = await this.signedInUser(body);
    await this.options.pool.revokeRefreshTokens(this.options.clientId, user);
    return {};
  }

  private async revokeToken(body: Body): Promise<unknown> {
    try {
      await this.options.pool.call('RevokeToken', {
        ClientId: this.options.clientId,
        Token: text(body, 'Token'),
      });
    } catch (error) {
      // Revoking a token that is not (or no longer) valid succeeds, as with Cognito.
      if (!(error instanceof PoolCallError) || error.type !== 'NotAuthorizedException') throw error;
    }
    return {};
  }
}
