import { Global, Inject, Injectable, Module, type OnApplicationShutdown } from '@nestjs/common';
import { PassportModule } from '@nestjs/passport';
import { AppConfig } from '../../config/app-config';
import { ROOT_LOGGER } from '../../common/logger.module';
import { Metrics } from '../metrics/metrics.service';
import { OutboxService } from '../outbox/outbox.service';
import { UsersService } from '../users/users.service';
import { CognitoAdmin } from './cognito-admin';
import { EmbeddedUserPool } from './embedded-user-pool';
import {
  cognitoIdentitySettings,
  embeddedIdentitySettings,
  readyEmbeddedPool,
  IDENTITY_SETTINGS,
  type IdentitySettings,
} from './identity-settings';
import { CognitoJwtStrategy, EMBEDDED_POOL_FOR_TOKENS } from './jwt.strategy';
import { PoolGateway } from './pool-gateway';
import { SignInThrottle } from './sign-in-throttle';
import { RATE_LIMIT_STORE, type RateLimitStore } from '../../common/rate-limit/rate-limit-store';
import { type Logger } from 'pino';
import { getDataSourceToken } from '@nestjs/typeorm';
import { type DataSource } from 'typeorm';
import { serverMessages } from '../../i18n/messages';
import { PasswordResetCodes, PasswordResetModule } from './password-reset-codes';

export const EMBEDDED_USER_POOL = Symbol('EmbeddedUserPool');
export const EMBEDDED_POOL_GATEWAY = Symbol('EmbeddedPoolGateway');

/** The verification code e-mail, in the language of the account it belongs to (French when unknown). */
async function sendPoolCode(
  outbox: OutboxService,
  users: UsersService,
  message: { to: string; code: string },
): Promise<void> {
  const text = serverMessages(await users.languageOf(message.to)).verificationCode;
  await outbox.send({
    channel: 'email',
    to: message.to,
    subject: text.subject,
    body: text.body(message.code),
  });
}

/** The e-mail telling a member their account was locked after repeated failed sign-ins, in their language. */
async function sendAccountLocked(outbox: OutboxService, users: UsersService, email: string): Promise<void> {
  const text = serverMessages(await users.languageOf(email)).accountLocked;
  await outbox.send({ channel: 'email', to: email, subject: text.subject, body: text.body });
}

@Injectable()
class EmbeddedPoolLifecycle implements OnApplicationShutdown {
  constructor(@Inject(EMBEDDED_USER_POOL) private readonly pool: EmbeddedUserPool | null) {}
  async onApplicationShutdown(): Promise<void> {
    await this.pool?.stop();
  }
}

@Global()
@Module({
  imports: [PassportModule, PasswordResetModule],
  providers: [
    {
      provide: EMBEDDED_USER_POOL,
      inject: [AppConfig, ROOT_LOGGER, OutboxService, UsersService],
      useFactory: async (config: AppConfig, logger: Logger, outbox: OutboxService, users: UsersService) =>
        config.usesEmbeddedIdentity
          ? EmbeddedUserPool.start({
              dataDir: config.dataDir,
              issuerDomain: `${config.publicUrl}/cognito`,
              // The pool logs expected refusals (unknown user, wrong password) as warnings: keep its errors only.
              logger: logger.child(
                { context: 'EmbeddedUserPool' },
                { level: logger.levelVal > 50 ? logger.level : 'error' },
              ),
              onMessage: (message) => sendPoolCode(outbox, users, message),
            })
          : null,
    },
    {
      provide: CognitoAdmin,
      inject: [AppConfig, EMBEDDED_USER_POOL],
      useFactory: (config: AppConfig, pool: EmbeddedUserPool | null) =>
        new CognitoAdmin({
          region: config.env.COGNITO_REGION,
          ...(pool ? { inProcess: pool.requestHandler() } : {}),
        }),
    },
    {
      provide: IDENTITY_SETTINGS,
      inject: [AppConfig, CognitoAdmin, EMBEDDED_USER_POOL],
      useFactory: async (
        config: AppConfig,
        admin: CognitoAdmin,
        pool: EmbeddedUserPool | null,
      ): Promise<IdentitySettings> =>
        pool
          ? embeddedIdentitySettings(
              config,
              await readyEmbeddedPool(config, admin),
              pool.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
            )
          : cognitoIdentitySettings(config),
    },
    {
      provide: EMBEDDED_POOL_GATEWAY,
      inject: [
        AppConfig,
        EMBEDDED_USER_POOL,
        IDENTITY_SETTINGS,
        RATE_LIMIT_STORE,
        OutboxService,
        UsersService,
        getDataSourceToken(),
        PasswordResetCodes,
        ROOT_LOGGER,
        Metrics,
      ],
      useFactory: (
        config: AppConfig,
        pool: EmbeddedUserPool | null,
        settings: IdentitySettings,
        limits: RateLimitStore,
        outbox: OutboxService,
        users: UsersService,
        dataSource: DataSource,
        resetCodes: PasswordResetCodes,
        logger: Logger,
        metrics: Metrics,
      ): PoolGateway | null =>
        pool
          ? new PoolGateway({
              pool,
              userPoolId: settings.userPoolId,
              clientId: settings.clientId,
              issuer: settings.issuer,
              throttle: new SignInThrottle(dataSource),
              resetCodes,
              limits,
              perIpPerMinute: config.env.IDENTITY_RATE_LIMIT_PER_MINUTE,
              onAccountLocked: (email) => sendAccountLocked(outbox, users, email),
              // One line per attack, for operations to count (with the rows of `sign_in_alert`).
              onAccountUnderAttack: (sub) =>
                logger.warn({ context: 'SignInThrottle', sub }, 'Account under attack: sign-ins slowed down'),
              onSignInFailure: (lockStarted) => {
                metrics.signInFailures.inc();
                if (lockStarted) metrics.signInLocks.inc();
              },
            })
          : null,
    },
    EmbeddedPoolLifecycle,
    { provide: EMBEDDED_POOL_FOR_TOKENS, useExisting: EMBEDDED_USER_POOL },
    CognitoJwtStrategy,
  ],
  exports: [CognitoAdmin, IDENTITY_SETTINGS, EMBEDDED_USER_POOL, EMBEDDED_POOL_GATEWAY],
})
export class IdentityModule {}
