import { type PublicConfig } from '@esign/shared';

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
  const response = await fetch(poolEndpoint, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-amz-json-1.1',
      'X-Amz-Target': 'AWSCognitoIdentityProviderService.InitiateAuth',
    },
    body: JSON.stringify({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: clientId,
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  });
  const body = (await response.json()) as {
    AuthenticationResult?: { IdToken: string; AccessToken: string };
    ChallengeName?: string;
    Session?: string;
    message?: string;
  };
  if (!response.ok) throw new Error(`InitiateAuth failed (${response.status}): ${body.message ?? ''}`);
  return { ...body.AuthenticationResult, ChallengeName: body.ChallengeName, Session: body.Session };
}

export async function cognitoCall<T>(endpoint: string, target: string, body: unknown): Promise<T> {
  const response = await fetch(endpoint, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-amz-json-1.1',
      'X-Amz-Target': `AWSCognitoIdentityProviderService.${target}`,
    },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as T & { message?: string };
  if (!response.ok) throw new Error(`${target} failed (${response.status}): ${json.message ?? ''}`);
  return json;
}

/** Answers the NEW_PASSWORD_REQUIRED challenge of a first sign-in; returns the ID token. */
export async function completeNewPassword(
  poolEndpoint: string,
  clientId: string,
  email: string,
  session: string,
  newPassword: string,
): Promise<string> {
  const result = await cognitoCall<{ AuthenticationResult?: { IdToken: string } }>(
    poolEndpoint,
    'RespondToAuthChallenge',
    {
      ChallengeName: 'NEW_PASSWORD_REQUIRED',
      ClientId: clientId,
      Session: session,
      ChallengeResponses: { USERNAME: email, NEW_PASSWORD: newPassword },
    },
  );
  if (!result.AuthenticationResult) throw new Error('No tokens after the new password');
  return result.AuthenticationResult.IdToken;
}
