import { type PublicConfig } from '@esign/shared';
import { UserPool, type AuthenticationAnswer } from '@esign/api-client';

/**
 * The embedded pool's API as a client outside a browser calls it: `GET /api/config` gives a path, which a
 * browser resolves against the page's origin and a test against the address it reached the API at.
 */
export function poolEndpoint(baseUrl: string, config: PublicConfig): string {
  return new URL(config.cognito.endpoint ?? '', baseUrl).href;
}

/** Signs in through the embedded pool's Cognito API exactly as the browser does (USER_PASSWORD_AUTH). */
export async function initiateAuth(
  poolEndpoint: string,
  clientId: string,
  email: string,
  password: string,
): Promise<{ IdToken?: string; AccessToken?: string; ChallengeName?: string; Session?: string }> {
  const answer: AuthenticationAnswer = await new UserPool(poolEndpoint, clientId).initiateAuth(
    email,
    password,
  );
  return { ...answer.AuthenticationResult, ChallengeName: answer.ChallengeName, Session: answer.Session };
}

/** One call of the pool's API; its answer, or an ApiError naming the call and its status. */
export function cognitoCall<T>(endpoint: string, target: string, body: unknown): Promise<T> {
  return new UserPool(endpoint, '').call<T>(target, body);
}

/** Answers the NEW_PASSWORD_REQUIRED challenge of a first sign-in; returns the ID token. */
export function completeNewPassword(
  poolEndpoint: string,
  clientId: string,
  email: string,
  session: string,
  newPassword: string,
): Promise<string> {
  return new UserPool(poolEndpoint, clientId).completeNewPassword(email, session, newPassword);
}
