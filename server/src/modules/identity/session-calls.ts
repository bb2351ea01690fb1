import jwt from 'jsonwebtoken';
import { type Response } from 'express';
import { isValidPassword } from '@esign/shared';
import { PoolCallError, type PoolUser, SESSION_EPOCH_CLAIM } from './embedded-user-pool';
import { verifyPassword } from './password-hash';
import {
  type Body,
  passwordChangedMeanwhile,
  passwordPolicy,
  refuse,
  text,
  wrongCredentials,
} from './pool-call-helpers';
import { type PoolGatewayOptions } from './pool-gateway';
import { type SignInCalls } from './sign-in-calls';

/** The browser calls made with an access token: reading the account, changing the password, signing out. */
export class SessionCalls {
  constructor(
    private readonly options: PoolGatewayOptions,
    private readonly signIn: SignInCalls,
  ) {}

  /**
   * The claims of a valid access token of this pool and client, or a refusal. A token issued before the
   * account's last sign-out or password reset is no longer valid (its session epoch is past).
   */
  private accessClaims(body: Body): { username: string; epoch: number } {
    const token = text(body, 'AccessToken');
    try {
      const claims = jwt.verify(token, this.options.pool.publicKey, {
        algorithms: ['RS256'],
        issuer: this.options.issuer,
        clockTolerance: 30,
      }) as jwt.JwtPayload;
      if (claims.token_use !== 'access' || claims.client_id !== this.options.clientId) throw new Error('use');
      if (typeof claims.username !== 'string') throw new Error('username');
      const epoch: unknown = claims[SESSION_EPOCH_CLAIM];
      return { username: claims.username, epoch: typeof epoch === 'number' ? epoch : 0 };
    } catch {
      throw refuse('NotAuthorizedException', 'Invalid Access Token');
    }
  }

  private async signedInUser(body: Body): Promise<PoolUser> {
    const { username, epoch } = this.accessClaims(body);
    const user = await this.options.pool.findUser(this.options.clientId, username);
    if (!user?.Enabled || epoch !== (user.SessionEpoch ?? 0)) {
      throw refuse('NotAuthorizedException', 'Access Token has been revoked');
    }
    return user;
  }

  async changePassword(body: Body, response: Response): Promise<unknown> {
    const signedIn = await this.signedInUser(body);
    const proposed = text(body, 'ProposedPassword');
    if (!isValidPassword(proposed)) throw passwordPolicy();
    return this.signIn.throttled(signedIn.Username, response, async (user) => {
      if (!user || !(await verifyPassword(text(body, 'PreviousPassword'), user.Password))) {
        return this.signIn.failure(wrongCredentials(), user);
      }
      try {
        await this.options.pool.call('ChangePassword', {
          AccessToken: text(body, 'AccessToken'),
          PreviousPassword: user.Password,
          ProposedPassword: proposed,
        });
      } catch (error) {
        if (passwordChangedMeanwhile(error)) return this.signIn.failure(wrongCredentials(), user);
        throw error;
      }
      return { ok: true, value: {} };
    });
  }

  async getUser(body: Body): Promise<unknown> {
    const user = await this.signedInUser(body);
    return {
      Username: user.Username,
      UserAttributes: user.Attributes,
      MFAOptions: user.MFAOptions,
      PreferredMfaSetting: user.PreferredMfaSetting,
      UserMFASettingList: user.UserMFASettingList,
    };
  }

  async globalSignOut(body: Body): Promise<unknown> {
    const user = await this.signedInUser(body);
    await this.options.pool.endSessions(this.options.clientId, user.Username);
    return {};
  }

  async revokeToken(body: Body): Promise<unknown> {
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
