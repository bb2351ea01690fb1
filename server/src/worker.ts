import './common/quiet-dependencies';
import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { AppModule } from './app.module';
import { ConfigurationError, loadEnvironment } from './config/app-config';
import { createRootLogger, PinoNestLogger } from './common/logging';

/** Queue processors only, no HTTP: scale these with the compose file's `worker` replicas. */
async function bootstrap(): Promise<void> {
  const config = loadEnvironment();
  if (config.usesEmbeddedDatabase) {
    // The embedded database lives inside the API process; a separate worker needs a shared PostgreSQL.
    throw new ConfigurationError(['DATABASE_URL is required to run a separate worker']);
  }
  const logger = createRootLogger(config.env.LOG_LEVEL);
  const app = await NestFactory.createApplicationContext(AppModule.forRoot(config, logger, 'worker'), {
    logger: new PinoNestLogger(logger),
    bufferLogs: true,
    abortOnError: false,
  });
  app.enableShutdownHooks();
  await app.init();
  // Without an HTTP listen() nothing flushes the buffered logs, and every later one would be held back too.
  app.flushLogs();
  logger.info({ queue: config.usesRedisQueue ? 'bullmq' : 'postgres' }, 'Worker ready');
}

bootstrap().catch((error: unknown) => {
  if (error instanceof ConfigurationError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(78);
  }
  process.stderr.write(
    `Worker start-up failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
