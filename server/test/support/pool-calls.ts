import request from 'supertest';
import { getDataSourceToken } from '@nestjs/typeorm';
import { type DataSource } from 'typeorm';
import { type PublicConfig } from '@esign/shared';
import { UserPool } from '@esign/api-client';
import { OutboxService } from '../../src/modules/outbox/outbox.service';
import { poolEndpoint } from './cognito';
import { type TestApp } from './test-app';

export interface PoolAnswer {
  status: number;
  headers: Headers;
  body: { __type?: string; message?: string } & Record<string, unknown>;
}

export interface AuthenticationResult {
  IdToken: string;
  AccessToken: string;
  RefreshToken: string;
}

/** The temporary password line of the welcome e-mail, in each language. */
export const TEMPORARY_PASSWORD =
  /(?:Mot de passe temporaire :|Temporary password:|Vorläufiges Passwort:|Temporärt Passwuert:) (\S+)/;

/**
 * The embedded pool's public route as a browser (or an attacker) calls it, and what the product recorded:
 * the throttle's rows and the lock notices e-mailed.
 */
export class PoolClient {
  private readonly pool: UserPool;

  private constructor(
    private readonly testApp: TestApp,
    readonly config: PublicConfig,
    readonly endpoint: string,
  ) {
    this.pool = new UserPool(endpoint, config.cognito.clientId);
  }

  static async of(testApp: TestApp): Promise<PoolClient> {
    const config = (await request(testApp.url).get('/api/config').expect(200)).body as PublicConfig;
    return new PoolClient(testApp, config, poolEndpoint(testApp.url, config));
  }

  get clientId(): string {
    return this.config.cognito.clientId;
  }

  async call(target: string, body: unknown, headers: Record<string, string> = {}): Promise<PoolAnswer> {
    const response = await this.pool.fetch(target, body, headers);
    const text = await response.text();
    return {
      status: response.status,
      headers: response.headers,
      body: (text ? JSON.parse(text) : {}) as PoolAnswer['body'],
    };
  }

  /** A sign-in from `from` (the address a trusted proxy on loopback forwards), else from 127.0.0.1. */
  signIn(email: string, password: string, from?: string): Promise<PoolAnswer> {
    return this.call(
      'InitiateAuth',
      {
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: this.clientId,
        AuthParameters: { USERNAME: email, PASSWORD: password },
      },
      from ? { 'X-Forwarded-For': from } : {},
    );
  }

  refresh(refreshToken: string): Promise<PoolAnswer> {
    return this.call('InitiateAuth', {
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      ClientId: this.clientId,
      AuthParameters: { REFRESH_TOKEN: refreshToken },
    });
  }

  static tokens(answer: PoolAnswer): AuthenticationResult {
    const result = answer.body.AuthenticationResult as AuthenticationResult | undefined;
    if (!result) throw new Error(`No tokens: ${JSON.stringify(answer.body)}`);
    return result;
  }

  query<T>(sql: string, parameters: unknown[] = []): Promise<T[]> {
    return this.testApp.app.get<DataSource>(getDataSourceToken()).query(sql, parameters);
  }

  /** The account's count from one address, or over every address (`''`). */
  async throttleRow(account: string, address = '127.0.0.1') {
    const rows = await this.query<{ failures: number; locked: boolean }>(
      'SELECT failures, coalesce(locked_until > now(), false) AS locked FROM sign_in_throttle WHERE account = $1 AND address = $2',
      [account, address],
    );
    return rows[0];
  }

  /** The lock notices e-mailed to `email` (a Luxembourgish-speaking member's). */
  async lockNotices(email: string): Promise<number> {
    return (await this.testApp.app.get(OutboxService).newestFor(email)).filter(
      (message) => message.subject === 'Umeldung op Äre Kont temporär gespaart',
    ).length;
  }
}
