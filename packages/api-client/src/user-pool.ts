import type { PublicConfig } from '@esign/shared';
import { HttpClient, type CallOptions } from './http';

/** What `InitiateAuth` and `RespondToAuthChallenge` answer: tokens, or a challenge to answer first. */
export interface AuthenticationAnswer {
  AuthenticationResult?: { IdToken: string; AccessToken: string; RefreshToken?: string };
  ChallengeName?: string;
  Session?: string;
}

/**
 * The embedded user pool's Cognito JSON API, called as the browser calls it: `GET /api/config` gives its path,
 * which a browser resolves against the page's origin and a client against the address it reached the API at.
 */
export class UserPool {
  private readonly http: HttpClient;

  constructor(
    /** The pool's address. */
    readonly endpoint: string,
    readonly clientId: string,
  ) {
    this.http = new HttpClient(endpoint);
  }

  /** The pool of the product at `baseUrl`, as its public configuration names it. */
  static async of(baseUrl: string, config?: PublicConfig): Promise<UserPool> {
    const { cognito } = config ?? (await new HttpClient(baseUrl).json<PublicConfig>('GET', '/api/config'));
    if (!cognito.endpoint) throw new Error('the product does not run the embedded user pool');
    return new UserPool(new URL(cognito.endpoint, baseUrl).href, cognito.clientId);
  }

  /** One call of the pool's API (`InitiateAuth`, `ForgotPassword`…); throws an ApiError on a refusal. */
  call<T>(target: string, body: unknown, options: Pick<CallOptions, 'headers' | 'expect'> = {}): Promise<T> {
    return this.http.json<T>(
      'POST',
      this.endpoint,
      this.callOptions(target, body, options.headers, options.expect),
    );
  }

  /**
   * One call as made, its answer unread and unchecked, for a caller that looks at refusals itself. A string
   * body is sent as it is (a malformed request, say).
   */
  fetch(target: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
    return this.http.fetch('POST', this.endpoint, this.callOptions(target, body, headers));
  }

  private callOptions(
    target: string,
    body: unknown,
    headers: Record<string, string> = {},
    expect?: readonly number[],
  ): CallOptions {
    return {
      body: typeof body === 'string' ? body : JSON.stringify(body),
      operation: target,
      expect,
      headers: {
        'Content-Type': 'application/x-amz-json-1.1',
        'X-Amz-Target': `AWSCognitoIdentityProviderService.${target}`,
        ...headers,
      },
    };
  }

  /** USER_PASSWORD_AUTH, as the sign-in page does: tokens, or the challenge of a first sign-in. */
  initiateAuth(email: string, password: string): Promise<AuthenticationAnswer> {
    return this.call('InitiateAuth', {
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: this.clientId,
      AuthParameters: { USERNAME: email, PASSWORD: password },
    });
  }

  /** Signs in with a password already chosen; the ID token, for `Authorization: Bearer`. */
  async signIn(email: string, password: string): Promise<string> {
    const answer = await this.initiateAuth(email, password);
    if (!answer.AuthenticationResult) {
      throw new Error(`${email} was asked ${answer.ChallengeName ?? 'a challenge'} instead of signed in`);
    }
    return answer.AuthenticationResult.IdToken;
  }

  /** Answers the NEW_PASSWORD_REQUIRED challenge of a first sign-in; the ID token. */
  async completeNewPassword(email: string, session: string, newPassword: string): Promise<string> {
    const answer = await this.call<AuthenticationAnswer>('RespondToAuthChallenge', {
      ChallengeName: 'NEW_PASSWORD_REQUIRED',
      ClientId: this.clientId,
      Session: session,
      ChallengeResponses: { USERNAME: email, NEW_PASSWORD: newPassword },
    });
    if (!answer.AuthenticationResult) throw new Error(`no tokens for ${email} after the new password`);
    return answer.AuthenticationResult.IdToken;
  }
}
