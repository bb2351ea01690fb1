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
