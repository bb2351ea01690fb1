import { createPublicKey, type KeyObject } from 'node:crypto';
import { join } from 'node:path';
import jwt from 'jsonwebtoken';
import type pino from 'pino';
import { CognitoServiceFactoryImpl } from 'cognito-local/lib/services/cognitoService';
import { DateClock, MessagesService, TriggersService, LambdaService } from 'cognito-local/lib/services';
import { type CognitoService } from 'cognito-local/lib/services/cognitoService';
import { CryptoService } from 'cognito-local/lib/services/crypto';
import { MessageDeliveryService } from 'cognito-local/lib/services/messageDelivery/messageDelivery';
import { type MessageSender } from 'cognito-local/lib/services/messageDelivery/messageSender';
import { otp } from 'cognito-local/lib/services/otp';
import { JwtTokenGenerator, type TokenGenerator } from 'cognito-local/lib/services/tokenGenerator';
import { type User, UserPoolServiceFactoryImpl } from 'cognito-local/lib/services/userPoolService';
import { Router } from 'cognito-local/lib/server/Router';
import { DefaultConfig } from 'cognito-local/lib/server/config';
import { CognitoError } from 'cognito-local/lib/errors';
import { QueueFullError, SerialQueues } from '../../common/serial-queue';
import { loadOrCreateSigningKey, type SigningKey } from './installation-signing-key';
import { HashQueueFullError, hashPassword, isPasswordHash } from './password-hash';
import { DurableJsonStoreFactory } from './pool-store';
import { storedUserRule, withHashedPasswords } from './pool-user-rules';

/**
 * A code the pool wants delivered (verification). Without a custom-message trigger the pool composes no text,
 * only the code: the product writes the message itself, in the user's language.
 */
export type PoolMessageHandler = (message: { to: string; code: string }) => Promise<void>;

/**
 * A user of the embedded pool, as the pool stores it. `SessionEpoch` counts the sign-outs and password resets:
 * tokens carry the value they were issued under (SESSION_EPOCH_CLAIM), and older ones are refused.
 */
export type PoolUser = User & { SessionEpoch?: number };

/** The claim of ID and access tokens holding the account's session epoch when they were issued. */
export const SESSION_EPOCH_CLAIM = 'esign:session_epoch';

/** Pool calls waiting for the one before them; beyond this the call is refused (429). */
const MAX_WAITING_CALLS = 2_000;

/** An error answer of the Cognito API: `__type` and HTTP status as AWS sends them. */
export class PoolCallError extends Error {
  constructor(
    readonly type: string,
    message: string,
    readonly status = 400,
  ) {
    super(message);
    this.name = type;
  }
}

export const tooManyRequests = () => new PoolCallError('TooManyRequestsException', 'Too many requests', 429);

function resign(token: string, key: SigningKey, extra: jwt.JwtPayload): string {
  const payload = jwt.decode(token) as jwt.JwtPayload;
  // The claims are kept as the pool made them, `iat` and `exp` included.
  return jwt.sign({ ...payload, ...extra }, key.privateKeyPem, { algorithm: 'RS256', keyid: key.kid });
}

function installationTokens(inner: TokenGenerator, key: SigningKey): TokenGenerator {
  return {
    async generate(ctx, user, ...rest) {
      const tokens = await inner.generate(ctx, user, ...rest);
      const epoch = { [SESSION_EPOCH_CLAIM]: (user as PoolUser).SessionEpoch ?? 0 };
      // The refresh token is opaque to the product and looked up by value in the pool's store: keep it as made.
      return {
        ...tokens,
        IdToken: resign(tokens.IdToken, key, epoch),
        AccessToken: resign(tokens.AccessToken, key, epoch),
      };
    },
  };
}

function outboxSender(onMessage: PoolMessageHandler): MessageSender {
  return {
    sendEmail: (_ctx, _user, destination, message) =>
      onMessage({ to: destination, code: message.__code ?? '' }),
    sendSms: (_ctx, _user, destination, message) =>
      onMessage({ to: destination, code: message.__code ?? '' }),
  };
}

/** Dates leave the Cognito API as epoch seconds, as AWS's JSON protocol has them. */
function wireJson(value: unknown): string {
  return JSON.stringify(value, function replacer(this: Record<string, unknown>, key, item: unknown) {
    const raw = this[key];
    return raw instanceof Date ? Math.floor(raw.getTime() / 1000) : item;
  });
}

/**
 * The embedded Cognito-compatible user pool (cognito-local), kept under the data directory, with tokens signed
 * by the installation's own key and messages delivered through the product's outbox.
 *
 * It listens on no socket. The server's own administrative calls run in this process (`call`, through the
 * AWS SDK's request handler below); browsers reach only the few calls a sign-in page needs, through the
 * gateway mounted at `/cognito` (see `pool-gateway.ts`), which checks what the library itself does not.
 *
 * One writer: every call runs alone, so that the library's read-then-write steps never interleave (two at once
 * could otherwise write back a user read before the other's change). Passwords are hashed before the call
 * and stored only as hashes; files are written by `DurableJsonStoreFactory`, and a call answers once its
 * changes are on disk.
 */
export class EmbeddedUserPool {
  readonly publicKey: KeyObject;
  private readonly writer = new SerialQueues(MAX_WAITING_CALLS);

  private constructor(
    private readonly route: ReturnType<typeof Router>,
    private readonly cognito: CognitoService,
    private readonly stores: DurableJsonStoreFactory,
    private readonly logger: pino.Logger,
    readonly signingKey: SigningKey,
  ) {
    this.publicKey = createPublicKey(signingKey.privateKeyPem);
  }

  static async start(options: {
    dataDir: string;
    issuerDomain: string;
    logger: pino.Logger;
    onMessage: PoolMessageHandler;
  }): Promise<EmbeddedUserPool> {
    const directory = join(options.dataDir, 'cognito');
    const key = loadOrCreateSigningKey(
      join(options.dataDir, 'secrets', 'installation-signing-key.json'),
      join(directory, 'installation-signing-key.json'),
    );
    const ctx = { logger: options.logger as never };
    const clock = new DateClock();
    const stores = new DurableJsonStoreFactory(directory, storedUserRule);
    const cognito = await new CognitoServiceFactoryImpl(
      directory,
      stores,
      new UserPoolServiceFactoryImpl(clock, stores),
    ).create(ctx, { UsernameAttributes: ['email'] });
    // No triggers are configured, so the Lambda and KMS clients are never called.
    const triggers = new TriggersService(
      clock,
      cognito,
      new LambdaService({}, {} as never),
      new CryptoService({}),
    );
    const tokenConfig = { IssuerDomain: options.issuerDomain };
    const services = {
      clock,
      cognito,
      config: { ...DefaultConfig, TokenConfig: tokenConfig },
      messages: new MessagesService(triggers, new MessageDeliveryService(outboxSender(options.onMessage))),
      otp,
      tokenGenerator: installationTokens(new JwtTokenGenerator(clock, triggers, tokenConfig), key),
      triggers,
    };
    const pool = new EmbeddedUserPool(Router(services), cognito, stores, options.logger, key);
    await pool.hashClearPasswords();
    return pool;
  }

  /**
   * One call of the Cognito API (`target` without the service prefix, e.g. `AdminCreateUser`), run in this
   * process. Throws a `PoolCallError` carrying the error type Cognito would answer.
   */
  async call(target: string, body: unknown): Promise<unknown> {
    const ctx = { logger: this.logger as never };
    try {
      const prepared = await withHashedPasswords(target, body);
      return await this.alone(() => this.route(target)(ctx, prepared as never));
    } catch (error) {
      if (error instanceof PoolCallError) throw error;
      if (error instanceof CognitoError) throw new PoolCallError(error.code, error.message);
      if (error instanceof QueueFullError || error instanceof HashQueueFullError) throw tooManyRequests();
      const message = error instanceof Error ? error.message : String(error);
      this.logger.error({ target, error: message }, 'User pool call failed');
      throw new PoolCallError('InternalErrorException', 'Internal error', 500);
    }
  }

  /** The user whose user name, `sub` or e-mail (any case) is `identifier`, in the pool of `clientId`. */
  async findUser(clientId: string, identifier: string): Promise<PoolUser | null> {
    const ctx = { logger: this.logger as never };
    const pool = await this.cognito.getUserPoolForClientId(ctx, clientId);
    const direct = await pool.getUserByUsername(ctx, identifier);
    if (direct) return direct;
    const wanted = identifier.trim().toLowerCase();
    const users = await pool.listUsers(ctx);
    return (
      users.find((user) =>
        user.Attributes.some((a) => a.Name === 'email' && a.Value?.trim().toLowerCase() === wanted),
      ) ?? null
    );
  }

  /** The session epoch of the user whose `sub` (the pool's user name) this is, or null without such a user. */
  sessionEpoch(userPoolId: string, sub: string): number | null {
    const user = this.stores.storeOf(userPoolId)?.read<PoolUser>(['Users', sub]);
    return user ? (user.SessionEpoch ?? 0) : null;
  }

  /**
   * Ends every session of a user: their refresh tokens stop working, and the ID and access tokens issued so far
   * are refused (the epoch they carry is past).
   */
  async endSessions(clientId: string, username: string): Promise<void> {
    await this.updateUser(clientId, username, (user) => ({
      ...user,
      RefreshTokens: [],
      SessionEpoch: (user.SessionEpoch ?? 0) + 1,
    }));
  }

  /** Keeps a refresh token the library issued without storing it (the first sign-in's, after a new password). */
  async keepRefreshToken(clientId: string, username: string, refreshToken: string): Promise<void> {
    await this.updateUser(clientId, username, (user) => ({
      ...user,
      RefreshTokens: [...(user.RefreshTokens ?? []), refreshToken],
    }));
  }

  private async updateUser(clientId: string, username: string, change: (user: PoolUser) => PoolUser) {
    const ctx = { logger: this.logger as never };
    await this.alone(async () => {
      const pool = await this.cognito.getUserPoolForClientId(ctx, clientId);
      // Read inside the turn: a copy read before it could undo a change made meanwhile (a new password).
      const user = await pool.getUserByUsername(ctx, username);
      if (user) await pool.saveUser(ctx, change(user));
    });
  }

  /** Runs `work` alone among the pool's calls, then waits until what it changed is on disk. */
  private async alone<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await this.writer.run('pool', work);
    } finally {
      await this.stores.durable();
    }
  }

  /** Earlier versions stored passwords as typed: each is replaced by its hash, once, at start. */
  private async hashClearPasswords(): Promise<void> {
    const ctx = { logger: this.logger as never };
    let hashed = 0;
    for (const store of this.stores.all()) {
      const users = await store.get<Record<string, PoolUser>>(ctx, 'Users');
      for (const user of Object.values(users ?? {})) {
        if (typeof user.Password !== 'string' || isPasswordHash(user.Password)) continue;
        await store.set(ctx, ['Users', user.Username], {
          ...user,
          Password: await hashPassword(user.Password),
        });
        hashed += 1;
      }
    }
    await this.stores.durable();
    if (hashed > 0)
      this.logger.warn({ hashed }, 'Stored passwords of the user pool replaced by their hashes');
  }

  /**
   * A request handler for the AWS SDK that answers from this process instead of the network, so the
   * administrative API needs no listening port that anything else on the machine could reach.
   */
  requestHandler() {
    return {
      handle: async (request: { headers: Record<string, string>; body?: unknown }) => {
        const targetHeader = request.headers['x-amz-target'] ?? request.headers['X-Amz-Target'] ?? '';
        const target = targetHeader.split('.').pop() ?? '';
        const raw =
          request.body instanceof Uint8Array ? new TextDecoder().decode(request.body) : request.body;
        const body: unknown = typeof raw === 'string' && raw !== '' ? JSON.parse(raw) : {};
        let statusCode = 200;
        let payload: unknown;
        try {
          payload = await this.call(target, body);
        } catch (error) {
          const failure =
            error instanceof PoolCallError
              ? error
              : new PoolCallError('InternalErrorException', String(error));
          statusCode = failure.status;
          payload = { __type: failure.type, message: failure.message };
        }
        return {
          response: {
            statusCode,
            headers: { 'content-type': 'application/x-amz-json-1.1' },
            body: new TextEncoder().encode(wireJson(payload ?? {})),
          },
        };
      },
      updateHttpClientConfig: () => undefined,
      httpHandlerConfigs: () => ({}),
    };
  }

  /** Waits for the last changes to reach the disk; the pool holds no socket. */
  async stop(): Promise<void> {
    await this.stores.durable();
  }
}
