import { createPublicKey, type KeyObject } from 'node:crypto';
import { join } from 'node:path';
import jwt from 'jsonwebtoken';
import type pino from 'pino';
import { CognitoServiceFactoryImpl } from 'cognito-local/lib/services/cognitoService';
import { DateClock, MessagesService, TriggersService, LambdaService } from 'cognito-local/lib/services';
import { type CognitoService } from 'cognito-local/lib/services/cognitoService';
import { CryptoService } from 'cognito-local/lib/services/crypto';
import { StormDBDataStoreFactory } from 'cognito-local/lib/services/dataStore/stormDb';
import { MessageDeliveryService } from 'cognito-local/lib/services/messageDelivery/messageDelivery';
import { type MessageSender } from 'cognito-local/lib/services/messageDelivery/messageSender';
import { otp } from 'cognito-local/lib/services/otp';
import { JwtTokenGenerator, type TokenGenerator } from 'cognito-local/lib/services/tokenGenerator';
import { type User, UserPoolServiceFactoryImpl } from 'cognito-local/lib/services/userPoolService';
import { Router } from 'cognito-local/lib/server/Router';
import { DefaultConfig } from 'cognito-local/lib/server/config';
import { CognitoError } from 'cognito-local/lib/errors';
import { loadOrCreateSigningKey, type SigningKey } from './installation-signing-key';

/**
 * A code the pool wants delivered (forgot password, verification). Without a custom-message trigger the pool
 * composes no text, only the code: the product writes the message itself, in the user's language.
 */
export type PoolMessageHandler = (message: { to: string; code: string }) => Promise<void>;

/** A user of the embedded pool, as the pool stores it. */
export type PoolUser = User;

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

function resign(token: string, key: SigningKey): string {
  const payload = jwt.decode(token) as jwt.JwtPayload;
  // The claims are kept as the pool made them, `iat` and `exp` included.
  return jwt.sign(payload, key.privateKeyPem, { algorithm: 'RS256', keyid: key.kid });
}

function installationTokens(inner: TokenGenerator, key: SigningKey): TokenGenerator {
  return {
    async generate(...args) {
      const tokens = await inner.generate(...args);
      // The refresh token is opaque to the product and looked up by value in the pool's store: keep it as made.
      return {
        ...tokens,
        IdToken: resign(tokens.IdToken, key),
        AccessToken: resign(tokens.AccessToken, key),
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
 */
export class EmbeddedUserPool {
  readonly publicKey: KeyObject;

  private constructor(
    private readonly route: ReturnType<typeof Router>,
    private readonly cognito: CognitoService,
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
    const key = loadOrCreateSigningKey(join(directory, 'installation-signing-key.json'));
    const ctx = { logger: options.logger as never };
    const clock = new DateClock();
    const dataStoreFactory = new StormDBDataStoreFactory(directory);
    const cognito = await new CognitoServiceFactoryImpl(
      directory,
      dataStoreFactory,
      new UserPoolServiceFactoryImpl(clock, dataStoreFactory),
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
    return new EmbeddedUserPool(Router(services), cognito, options.logger, key);
  }

  /**
   * One call of the Cognito API (`target` without the service prefix, e.g. `AdminCreateUser`), run in this
   * process. Throws a `PoolCallError` carrying the error type Cognito would answer.
   */
  async call(target: string, body: unknown): Promise<unknown> {
    const ctx = { logger: this.logger as never };
    try {
      return await this.route(target)(ctx, body);
    } catch (error) {
      if (error instanceof CognitoError) throw new PoolCallError(error.code, error.message);
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

  /** Ends every session of a user: their refresh tokens stop working (ID tokens expire within the hour). */
  async revokeRefreshTokens(clientId: string, user: PoolUser): Promise<void> {
    const ctx = { logger: this.logger as never };
    const pool = await this.cognito.getUserPoolForClientId(ctx, clientId);
    await pool.saveUser(ctx, { ...user, RefreshTokens: [] });
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

  /** Nothing to release: the pool holds no socket and writes its store on every change. */
  stop(): Promise<void> {
    return Promise.resolve();
  }
}
