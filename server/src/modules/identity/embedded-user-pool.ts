import express, { type Express } from 'express';
import { type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { join } from 'node:path';
import jwt from 'jsonwebtoken';
import type pino from 'pino';
import { CognitoServiceFactoryImpl } from 'cognito-local/lib/services/cognitoService';
import { DateClock, MessagesService, TriggersService, LambdaService } from 'cognito-local/lib/services';
import { CryptoService } from 'cognito-local/lib/services/crypto';
import { StormDBDataStoreFactory } from 'cognito-local/lib/services/dataStore/stormDb';
import { MessageDeliveryService } from 'cognito-local/lib/services/messageDelivery/messageDelivery';
import { type MessageSender } from 'cognito-local/lib/services/messageDelivery/messageSender';
import { otp } from 'cognito-local/lib/services/otp';
import { JwtTokenGenerator, type TokenGenerator } from 'cognito-local/lib/services/tokenGenerator';
import { UserPoolServiceFactoryImpl } from 'cognito-local/lib/services/userPoolService';
import { Router } from 'cognito-local/lib/server/Router';
import { createServer } from 'cognito-local/lib/server/server';
import { DefaultConfig } from 'cognito-local/lib/server/config';
import { loadOrCreateSigningKey, type SigningKey } from './installation-signing-key';

/**
 * A code the pool wants delivered (forgot password, verification). Without a custom-message trigger the pool
 * composes no text, only the code: the product writes the message itself, in the user's language.
 */
export type PoolMessageHandler = (message: { to: string; code: string }) => Promise<void>;

function resign(token: string, key: SigningKey): string {
  const payload = jwt.decode(token) as jwt.JwtPayload;
  return jwt.sign(payload, key.privateKeyPem, { algorithm: 'RS256', keyid: key.kid, noTimestamp: true });
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

/**
 * The embedded Cognito-compatible user pool (cognito-local), kept under the data directory, with tokens signed
 * by the installation's own key and messages delivered through the product's outbox. It listens on a private
 * loopback port for the server's own admin calls, and its handler is also mounted at `/cognito` for browsers.
 */
export class EmbeddedUserPool {
  private constructor(
    readonly handler: Express,
    private readonly server: Server,
    readonly internalUrl: string,
  ) {}

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
    const pool = createServer(Router(services), options.logger as never, { development: false }, services);
    const handler = express();
    handler.get('/:userPoolId/.well-known/jwks.json', (_req, res) => {
      res.json({ keys: [key.publicJwk] });
    });
    handler.use(pool.application as Express);
    const server = await new Promise<Server>((resolve) => {
      const listening = handler.listen(0, '127.0.0.1', () => resolve(listening));
    });
    const { port } = server.address() as AddressInfo;
    return new EmbeddedUserPool(handler, server, `http://127.0.0.1:${port}`);
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
