import jwt from 'jsonwebtoken';
import { type Response } from 'express';
import { isValidPassword } from '@esign/shared';
import { type PoolCallError, type PoolUser } from './embedded-user-pool';
import { decoyHash, verifyPassword } from './password-hash';
import {
  accountName,
  type Body,
  ChallengeSessions,
  emailOf,
  maskedEmail,
  passwordChangedMeanwhile,
  passwordPolicy,
  record,
  refuse,
  text,
  wrongCredentials,
} from './pool-call-helpers';
import { type PoolGatewayOptions } from './pool-gateway';
import { type CheckOutcome, SignInAttempts } from './sign-in-attempts';
import { attemptAddress } from './sign-in-throttle';

/** Reset codes e-mailed per address and hour: each one is an e-mail the product sends. */
const RESETS_PER_HOUR = 5;

/**
 * The browser calls that check a secret or open a session: sign-in (password or refresh token), the first
 * password, and the password reset. Every secret is checked under the throttle (`throttled`).
 */
export class SignInCalls {
  private readonly sessions = new ChallengeSessions();
  private readonly attempts: SignInAttempts;

  constructor(private readonly options: PoolGatewayOptions) {
    this.attempts = new SignInAttempts({
      throttle: options.throttle,
      notifyOwner: options.onAccountLocked,
      underAttack: options.onAccountUnderAttack ?? (() => undefined),
      failed: options.onSignInFailure ?? (() => undefined),
      ...(options.slowDownMs !== undefined ? { slowDownMs: options.slowDownMs } : {}),
    });
  }

  /**
   * Runs `check` under the throttle of the account `name` designates (its e-mail when it exists, whichever
   * name was typed: e-mail in any case, or pool user id; else the name itself) for the caller's address.
   */
  async throttled<T>(
    name: string,
    response: Response,
    check: (user: PoolUser | null) => Promise<CheckOutcome<T>>,
  ): Promise<T> {
    const user = await this.options.pool.findUser(this.options.clientId, name);
    const account = user ? emailOf(user) : name.trim().toLowerCase();
    return this.attempts.run(
      account,
      attemptAddress(response.req.ip),
      (seconds) => response.setHeader('Retry-After', String(seconds)),
      () => check(user),
    );
  }

  /** The failure of a check, naming whom a lock would be told to. */
  failure(error: PoolCallError, user: PoolUser | null): CheckOutcome<never> {
    return user ? { ok: false, error, email: emailOf(user), sub: user.Username } : { ok: false, error };
  }

  async initiateAuth(body: Body, response: Response): Promise<unknown> {
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
    const name = accountName(parameters, 'USERNAME');
    const password = text(parameters, 'PASSWORD');
    if (!name || !password) throw refuse('InvalidParameterException', 'USERNAME and PASSWORD are required');
    return this.throttled(name, response, async (user) => {
      // The same answer, and the same work, for an unknown address and a wrong password.
      const rightPassword = await verifyPassword(password, user?.Password ?? (await decoyHash()));
      if (!user || !rightPassword) return this.failure(wrongCredentials(), user);
      if (!user.Enabled) return this.failure(refuse('NotAuthorizedException', 'User is disabled.'), user);
      let result: Body;
      try {
        // The pool compares what it stores, the hash just checked against; changed meanwhile, it refuses.
        result = (await this.options.pool.call('InitiateAuth', {
          AuthFlow: 'USER_PASSWORD_AUTH',
          ClientId: this.options.clientId,
          AuthParameters: { USERNAME: user.Username, PASSWORD: user.Password },
        })) as Body;
      } catch (error) {
        if (passwordChangedMeanwhile(error)) return this.failure(wrongCredentials(), user);
        throw error;
      }
      if (result.ChallengeName === 'NEW_PASSWORD_REQUIRED') {
        return { ok: true, value: { ...result, Session: this.sessions.issue(user) } };
      }
      return { ok: true, value: result };
    });
  }

  async respondToChallenge(body: Body): Promise<unknown> {
    if (text(body, 'ChallengeName') !== 'NEW_PASSWORD_REQUIRED') {
      throw refuse('InvalidParameterException', 'Unsupported challenge');
    }
    const username = this.sessions.userOf(text(body, 'Session'));
    if (!username)
      throw refuse('NotAuthorizedException', 'Invalid session for the user, session is expired.');
    const user = await this.options.pool.findUser(this.options.clientId, username);
    if (!user || user.Username !== username || user.UserStatus !== 'FORCE_CHANGE_PASSWORD' || !user.Enabled) {
      throw refuse('NotAuthorizedException', 'Invalid session for the user, session is expired.');
    }
    const newPassword = text(record(body, 'ChallengeResponses'), 'NEW_PASSWORD');
    if (!isValidPassword(newPassword)) throw passwordPolicy();
    const result = (await this.options.pool.call('RespondToAuthChallenge', {
      ChallengeName: 'NEW_PASSWORD_REQUIRED',
      ClientId: this.options.clientId,
      Session: 'checked',
      ChallengeResponses: { USERNAME: user.Username, NEW_PASSWORD: newPassword },
    })) as { AuthenticationResult?: { RefreshToken?: string } };
    // The pool issues a refresh token here without keeping it, so it would never work: kept, it renews the
    // first session like any other.
    const refreshToken = result.AuthenticationResult?.RefreshToken;
    if (refreshToken)
      await this.options.pool.keepRefreshToken(this.options.clientId, user.Username, refreshToken);
    return result;
  }

  /**
   * Queues the code's e-mail whatever the name (see PasswordResetCodes): an account and an unknown address get
   * the same answer after the same work.
   */
  async forgotPassword(body: Body, response: Response): Promise<unknown> {
    const account = accountName(body, 'Username').toLowerCase();
    if (!account) throw refuse('InvalidParameterException', 'Username is required');
    const { count, resetInMs } = await this.options.limits.hit(`reset-code:${account}`, 3_600_000);
    if (count > RESETS_PER_HOUR) {
      response.setHeader('Retry-After', String(Math.max(1, Math.ceil(resetInMs / 1000))));
      throw refuse('LimitExceededException', 'Attempt limit exceeded, please try after some time.');
    }
    await this.options.resetCodes.request(account);
    return {
      CodeDeliveryDetails: {
        AttributeName: 'email',
        DeliveryMedium: 'EMAIL',
        Destination: maskedEmail(account),
      },
    };
  }

  async confirmForgotPassword(body: Body, response: Response): Promise<unknown> {
    const name = accountName(body, 'Username');
    const code = text(body, 'ConfirmationCode').trim();
    const newPassword = text(body, 'Password');
    if (!name || !code)
      throw refuse('InvalidParameterException', 'Username and ConfirmationCode are required');
    if (!isValidPassword(newPassword)) throw passwordPolicy();
    return this.throttled(name, response, async (user) => {
      const mismatch = refuse(
        'CodeMismatchException',
        'Invalid verification code provided, please try again.',
      );
      if (!user?.Enabled) return this.failure(mismatch, user);
      const check = await this.options.resetCodes.check(emailOf(user), code);
      if (check === 'mismatch') return this.failure(mismatch, user);
      if (check === 'expired') {
        const expired = refuse('ExpiredCodeException', 'Invalid code provided, please request a code again.');
        return this.failure(expired, user);
      }
      await this.options.pool.call('AdminSetUserPassword', {
        UserPoolId: this.options.userPoolId,
        Username: user.Username,
        Password: newPassword,
        Permanent: true,
      });
      // A new password ends the sessions opened with the old one.
      await this.options.pool.endSessions(this.options.clientId, user.Username);
      return { ok: true, value: {} };
    });
  }
}
