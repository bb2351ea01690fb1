import {
  CognitoIdentityProviderClient,
  CreateGroupCommand,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { ADMIN_GROUP, type HealthReport } from '@esign/shared';
import { Cluster } from './support/cluster';
import { CognitoStandIn, describeReliability, waitFor } from './support/processes';

const ALL_UP = { database: 'up', queue: 'up', storage: 'up', identity: 'up' };

/** A user pool, its app client and the Admin group, on the stand-in, as an administrator makes them on AWS. */
async function createPool(endpoint: string): Promise<{ userPoolId: string; clientId: string }> {
  const client = new CognitoIdentityProviderClient({
    region: 'eu-west-1',
    endpoint,
    credentials: { accessKeyId: 'stand-in', secretAccessKey: 'stand-in' },
  });
  const pool = await client.send(
    new CreateUserPoolCommand({ PoolName: 'esign', UsernameAttributes: ['email'] }),
  );
  const userPoolId = pool.UserPool?.Id ?? '';
  const app = await client.send(
    new CreateUserPoolClientCommand({
      UserPoolId: userPoolId,
      ClientName: 'web',
      ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
    }),
  );
  await client.send(new CreateGroupCommand({ UserPoolId: userPoolId, GroupName: ADMIN_GROUP }));
  client.destroy();
  return { userPoolId, clientId: app.UserPoolClient?.ClientId ?? '' };
}

describeReliability('/api/health of an API process on PostgreSQL, Redis and a Cognito user pool', () => {
  let cognito: CognitoStandIn;
  let cluster: Cluster;

  beforeAll(async () => {
    cognito = await CognitoStandIn.start();
    const pool = await createPool(cognito.url);
    // Cognito mode (not the embedded pool): the pool's API is reached over the network, here the stand-in's.
    cluster = await Cluster.start({
      apiEnv: {
        COGNITO_USER_POOL_ID: pool.userPoolId,
        COGNITO_CLIENT_ID: pool.clientId,
        AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: cognito.url,
        AWS_ACCESS_KEY_ID: 'stand-in',
        AWS_SECRET_ACCESS_KEY: 'stand-in',
      },
    });
  });
  afterAll(async () => {
    await cluster?.stop();
    await cognito?.dispose();
  });

  async function health(): Promise<{ status: number; body: HealthReport }> {
    const response = await fetch(`${cluster.url}/api/health`);
    return { status: response.status, body: (await response.json()) as HealthReport };
  }

  /** Until the API answers `status` with exactly these checks (a dependency's state is seen at the next call). */
  async function expectHealth(status: number, checks: Record<string, string>): Promise<void> {
    const report = await waitFor(`health ${status} ${JSON.stringify(checks)}`, async () => {
      const answer = await health();
      return answer.status === status && JSON.stringify(answer.body.checks) === JSON.stringify(checks)
        ? answer
        : undefined;
    });
    expect(report.body).toEqual({ status: status === 200 ? 'ok' : 'error', checks });
  }

  it('answers 200 when every dependency answers', () =>
    cluster.explain(async () => {
      expect(await health()).toEqual({ status: 200, body: { status: 'ok', checks: ALL_UP } });
    }));

  it('answers 503 naming the database when it refuses connections, and 200 once it is back', () =>
    cluster.explain(async () => {
      const { database } = cluster;
      await database.admin(`ALTER DATABASE ${database.name} WITH ALLOW_CONNECTIONS false`);
      try {
        await database.admin(
          `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${database.name}'`,
        );
        await expectHealth(503, { ...ALL_UP, database: 'down' });
      } finally {
        await database.admin(`ALTER DATABASE ${database.name} WITH ALLOW_CONNECTIONS true`);
      }
      await expectHealth(200, ALL_UP);
    }));

  it('answers 503 naming the queue while Redis is down, and 200 once it is back', () =>
    cluster.explain(async () => {
      await cluster.redis?.stop();
      try {
        await expectHealth(503, { ...ALL_UP, queue: 'down' });
      } finally {
        await cluster.redis?.start();
      }
      await expectHealth(200, ALL_UP);
    }));

  it('answers 503 naming the identity provider while it is unreachable, and 200 once it is back', () =>
    cluster.explain(async () => {
      await cognito.stop();
      try {
        await expectHealth(503, { ...ALL_UP, identity: 'down' });
      } finally {
        await cognito.start();
      }
      await expectHealth(200, ALL_UP);
    }));
});
