import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminDisableUserCommand,
  AdminEnableUserCommand,
  AdminUpdateUserAttributesCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
  CreateGroupCommand,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  DescribeUserPoolCommand,
  UpdateUserPoolClientCommand,
  UserNotFoundException,
  type AttributeType,
} from '@aws-sdk/client-cognito-identity-provider';

export function attribute(attributes: AttributeType[] | undefined, name: string): string | undefined {
  return attributes?.find((a) => a.Name === name)?.Value;
}

/**
 * ID and access tokens last an hour (a stolen token is good for that long at most); the browser renews them with
 * the refresh token, which lasts 30 days and ends with sign-out or a password reset.
 */
const TOKEN_VALIDITY = {
  IdTokenValidity: 60,
  AccessTokenValidity: 60,
  RefreshTokenValidity: 30,
  TokenValidityUnits: { IdToken: 'minutes', AccessToken: 'minutes', RefreshToken: 'days' },
} as const;

/**
 * The user-pool admin calls the product makes, over the Cognito API: AWS in production, the embedded
 * pool (same wire protocol) otherwise.
 */
export class CognitoAdmin {
  readonly client: CognitoIdentityProviderClient;

  /**
   * `inProcess`: the embedded pool's request handler, which answers in this process (no network, no port);
   * without it the client talks to AWS with the process's credentials.
   */
  constructor(options: { region: string; inProcess?: unknown }) {
    this.client = new CognitoIdentityProviderClient({
      region: options.region,
      ...(options.inProcess
        ? {
            endpoint: 'http://embedded-user-pool.invalid',
            requestHandler: options.inProcess as never,
            credentials: { accessKeyId: 'embedded', secretAccessKey: 'embedded' },
          }
        : {}),
    });
  }

  async ping(userPoolId: string): Promise<void> {
    await this.client.send(new DescribeUserPoolCommand({ UserPoolId: userPoolId }));
  }

  async poolExists(userPoolId: string): Promise<boolean> {
    try {
      await this.ping(userPoolId);
      return true;
    } catch {
      return false;
    }
  }

  /** Creates a pool like the production one: e-mail as user name, the product's password rule, an SPA client. */
  async createPool(name: string): Promise<{ userPoolId: string; clientId: string }> {
    const pool = await this.client.send(
      new CreateUserPoolCommand({
        PoolName: name,
        UsernameAttributes: ['email'],
        Policies: {
          PasswordPolicy: {
            MinimumLength: 8,
            RequireLowercase: true,
            RequireUppercase: true,
            RequireNumbers: true,
          },
        },
      }),
    );
    const userPoolId = pool.UserPool?.Id;
    if (!userPoolId) throw new Error('The user pool was not created');
    const client = await this.client.send(
      new CreateUserPoolClientCommand({
        UserPoolId: userPoolId,
        ClientName: 'web',
        ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
        ...TOKEN_VALIDITY,
      }),
    );
    const clientId = client.UserPoolClient?.ClientId;
    if (!clientId) throw new Error('The user pool client was not created');
    return { userPoolId, clientId };
  }

  /** Gives an existing app client the product's token lifetimes (pools made before they were set). */
  async applyTokenValidity(userPoolId: string, clientId: string): Promise<void> {
    await this.client.send(
      new UpdateUserPoolClientCommand({
        UserPoolId: userPoolId,
        ClientId: clientId,
        ClientName: 'web',
        ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
        ...TOKEN_VALIDITY,
      }),
    );
  }

  async createGroup(userPoolId: string, groupName: string): Promise<void> {
    await this.client.send(new CreateGroupCommand({ UserPoolId: userPoolId, GroupName: groupName }));
  }

  /** The pool user's `sub`, or undefined when there is no such user. */
  async findUserSub(userPoolId: string, email: string): Promise<string | undefined> {
    try {
      const user = await this.client.send(
        new AdminGetUserCommand({ UserPoolId: userPoolId, Username: email }),
      );
      return attribute(user.UserAttributes, 'sub');
    } catch (error) {
      if (
        error instanceof UserNotFoundException ||
        (error as { name?: string }).name === 'UserNotFoundException'
      ) {
        return undefined;
      }
      throw error;
    }
  }

  /** Creates a user with no invitation message; the product sends its own. Returns the `sub`. */
  async createUser(userPoolId: string, email: string, temporaryPassword: string): Promise<string> {
    const created = await this.client.send(
      new AdminCreateUserCommand({
        UserPoolId: userPoolId,
        Username: email,
        TemporaryPassword: temporaryPassword,
        MessageAction: 'SUPPRESS',
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'email_verified', Value: 'true' },
        ],
      }),
    );
    const sub = attribute(created.User?.Attributes, 'sub');
    if (!sub) throw new Error('The pool did not return the new user id');
    return sub;
  }

  async setPermanentPassword(userPoolId: string, email: string, password: string): Promise<void> {
    await this.client.send(
      new AdminSetUserPasswordCommand({
        UserPoolId: userPoolId,
        Username: email,
        Password: password,
        Permanent: true,
      }),
    );
  }

  async addToGroup(userPoolId: string, email: string, groupName: string): Promise<void> {
    await this.client.send(
      new AdminAddUserToGroupCommand({ UserPoolId: userPoolId, Username: email, GroupName: groupName }),
    );
  }

  async updateEmail(userPoolId: string, currentEmail: string, newEmail: string): Promise<void> {
    await this.client.send(
      new AdminUpdateUserAttributesCommand({
        UserPoolId: userPoolId,
        Username: currentEmail,
        UserAttributes: [
          { Name: 'email', Value: newEmail },
          { Name: 'email_verified', Value: 'true' },
        ],
      }),
    );
  }

  async disableUser(userPoolId: string, email: string): Promise<void> {
    await this.client.send(new AdminDisableUserCommand({ UserPoolId: userPoolId, Username: email }));
  }

  async enableUser(userPoolId: string, email: string): Promise<void> {
    await this.client.send(new AdminEnableUserCommand({ UserPoolId: userPoolId, Username: email }));
  }

  async deleteUser(userPoolId: string, email: string): Promise<void> {
    await this.client.send(new AdminDeleteUserCommand({ UserPoolId: userPoolId, Username: email }));
  }
}
