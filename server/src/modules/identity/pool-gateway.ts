import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import { assertJsonDepth } from '../../common/json-limits';
import { type RateLimitStore } from '../../common/rate-limit/rate-limit-store';
import { type EmbeddedUserPool, PoolCallError, tooManyRequests } from './embedded-user-pool';
import { HashQueueFullError } from './password-hash';
import { type PasswordResetCodes } from './password-reset-codes';
import { type Body, refuse, text } from './pool-call-helpers';
import { SessionCalls } from './session-calls';
import { SignInCalls } from './sign-in-calls';
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

export interface PoolGatewayOptions {
  pool: EmbeddedUserPool;
  userPoolId: string;
  clientId: string;
  /** The `iss` of the pool's tokens. */
  issuer: string;
  throttle: SignInThrottle;
  resetCodes: PasswordResetCodes;
  limits: RateLimitStore;
  /** Calls per minute and client IP. */
  perIpPerMinute: number;
  /** Told when an account has just been locked after repeated failures (the e-mail to its owner). */
  onAccountLocked: (email: string) => Promise<void>;
  /** Told when an account comes under attack (for operations; `sub`, when the account exists). */
  onAccountUnderAttack?: (sub: string | undefined) => void;
  /** How long attempts on an account under attack wait (ACCOUNT_SLOWDOWN_MS unless set). */
  slowDownMs?: number;
  /** Told of each wrong secret once counted, and whether it started a lock (for the metrics). */
  onSignInFailure?: (lockStarted: boolean) => void;
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
  private readonly signIn: SignInCalls;
  private readonly sessions: SessionCalls;

  constructor(private readonly options: PoolGatewayOptions) {
    this.signIn = new SignInCalls(options);
    this.sessions = new SessionCalls(options, this.signIn);
  }

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
        error instanceof PoolCallError
          ? error
          : error instanceof HashQueueFullError
            ? tooManyRequests()
            : refuse('InternalErrorException', 'Internal error', 500);
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
        return this.signIn.initiateAuth(body, response);
      case 'RespondToAuthChallenge':
        return this.signIn.respondToChallenge(body);
      case 'ForgotPassword':
        return this.signIn.forgotPassword(body, response);
      case 'ConfirmForgotPassword':
        return this.signIn.confirmForgotPassword(body, response);
      case 'ChangePassword':
        return this.sessions.changePassword(body, response);
      case 'GetUser':
        return this.sessions.getUser(body);
      case 'GlobalSignOut':
        return this.sessions.globalSignOut(body);
      case 'RevokeToken':
        return this.sessions.revokeToken(body);
    }
  }
}
