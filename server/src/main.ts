import './common/quiet-dependencies';
import 'reflect-metadata';
import { createHttpApp } from './http-app';
import { ConfigurationError, loadEnvironment } from './config/app-config';
import { createRootLogger } from './common/logging';

async function bootstrap(): Promise<void> {
  const config = loadEnvironment();
  const logger = createRootLogger(config.env.LOG_LEVEL);
  const app = await createHttpApp(config, logger);
  await app.listen(config.env.PORT, config.env.HOST);
  logger.info(
    {
      url: config.publicUrl,
      database: config.usesEmbeddedDatabase ? 'embedded' : 'postgres',
      queue: config.usesRedisQueue ? 'bullmq' : 'postgres',
      identity: config.usesEmbeddedIdentity ? 'embedded' : 'cognito',
      dataDir: config.dataDir,
    },
    'Ready',
  );
  process.stdout.write(
    `\n  Ready on ${config.publicUrl}  (API ${config.publicUrl}/api, docs ${config.publicUrl}/api/docs)\n\n`,
  );
}

bootstrap().catch((error: unknown) => {
  if (error instanceof ConfigurationError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(78);
  }
  process.stderr.write(
    `Start-up failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
