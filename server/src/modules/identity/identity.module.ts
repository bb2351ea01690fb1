import { Global, Inject, Injectable, Module, type OnApplicationShutdown } from '@nestjs/common';
import { PassportModule } from '@nestjs/passport';
import { AppConfig } from '../../config/app-config';
import { ROOT_LOGGER } from '../../common/logger.module';
import { OutboxService } from '../outbox/outbox.service';
import { CognitoAdmin } from './cognito-admin';
import { EmbeddedUserPool } from './embedded-user-pool';
import {
  cognitoIdentitySettings,
  embeddedIdentitySettings,
  ensureEmbeddedPool,
  IDENTITY_SETTINGS,
  type IdentitySettings,
} from './identity-settings';
import { CognitoJwtStrategy } from './jwt.strategy';
import { type Logger } from 'pino';
import { getDataSourceToken } from '@nestjs/typeorm';
import { type DataSource } from 'typeorm';
import { isLocale } from '@esign/shared';
import { serverMessages } from '../../i18n/messages';

export const EMBEDDED_USER_POOL = Symbol('EmbeddedUserPool');

/** The verification code e-mail, in the language of the account it belongs to (French when unknown). */
async function sendPoolCode(
  outbox: OutboxService,
  dataSource: DataSource,
  message: { to: string; code: string },
): Promise<void> {
  const rows: Array<{ language: string }> = await dataSource.query(
    'SELECT language FROM app_user WHERE lower(email) = lower($1)',
    [message.to],
  );
  const language = rows[0]?.language;
  const text = serverMessages(isLocale(language) ? language : undefined).verificationCode;
  await outbox.send({
    channel: 'email',
    to: message.to,
    subject: text.subject,
    body: text.body(message.code),
  });
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
  imports: [PassportModule],
  providers: [
    {
      provide: EMBEDDED_USER_POOL,
      inject: [AppConfig, ROOT_LOGGER, OutboxService, getDataSourceToken()],
      useFactory: async (config: AppConfig, logger: Logger, outbox: OutboxService, dataSource: DataSource) =>
        config.usesEmbeddedIdentity
          ? EmbeddedUserPool.start({
              dataDir: config.dataDir,
              issuerDomain: `${config.publicUrl}/cognito`,
              // The pool logs expected refusals (unknown user, wrong password) as warnings: keep its errors only.
              logger: logger.child(
                { context: 'EmbeddedUserPool' },
                { level: logger.levelVal > 50 ? logger.level : 'error' },
              ),
              onMessage: (message) => sendPoolCode(outbox, dataSource, message),
            })
          : null,
    },
    {
      provide: CognitoAdmin,
      inject: [AppConfig, EMBEDDED_USER_POOL],
      useFactory: (config: AppConfig, pool: EmbeddedUserPool | null) =>
        new CognitoAdmin({
          region: config.env.COGNITO_REGION,
          ...(pool ? { endpoint: pool.internalUrl } : {}),
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
          ? embeddedIdentitySettings(config, await ensureEmbeddedPool(config, admin), pool.internalUrl)
          : cognitoIdentitySettings(config),
    },
    EmbeddedPoolLifecycle,
    CognitoJwtStrategy,
  ],
  exports: [CognitoAdmin, IDENTITY_SETTINGS, EMBEDDED_USER_POOL],
})
export class IdentityModule {}
