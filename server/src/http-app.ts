import { type INestApplication, type NestApplicationOptions } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { type NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import express, { type Express } from 'express';
import helmet from 'helmet';
import { type Logger } from 'pino';
import { AppModule } from './app.module';
import { SIGNING_RATE_LIMIT_SETTING } from './modules/signing/signing-rate-limit';
import { type AppConfig } from './config/app-config';
import { AllExceptionsFilter } from './common/all-exceptions.filter';
import { createHttpLogger, PinoNestLogger } from './common/logging';
import { createValidationPipe } from './common/validation.pipe';
import { EMBEDDED_USER_POOL } from './modules/identity/identity.module';
import { type EmbeddedUserPool } from './modules/identity/embedded-user-pool';
import { mountWebApps } from './web-apps';
import { fixedWindowLimiter } from './common/fixed-window-limiter';

function contentSecurityPolicy(config: AppConfig): Record<string, string[]> {
  const cognito = config.usesEmbeddedIdentity
    ? []
    : [`https://cognito-idp.${config.env.COGNITO_REGION}.amazonaws.com`];
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    // MUI (emotion) injects its styles at run time.
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:', ...(config.usesS3 ? ['https:'] : [])],
    connectSrc: ["'self'", ...cognito, ...(config.usesS3 ? ['https:'] : [])],
    workerSrc: ["'self'", 'blob:'],
    objectSrc: ["'none'"],
    frameAncestors: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
  };
}

/** Builds the HTTP application (not yet listening): the API under /api, the pool under /cognito, the web apps. */
export async function createHttpApp(
  config: AppConfig,
  logger: Logger,
  options: NestApplicationOptions = {},
): Promise<INestApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config, logger, 'api'), {
    logger: new PinoNestLogger(logger),
    bufferLogs: true,
    bodyParser: false,
    abortOnError: false,
    ...options,
  });
  const server: Express = app.getHttpAdapter().getInstance();
  server.disable('x-powered-by');
  server.set('trust proxy', 'loopback, linklocal, uniquelocal');
  server.set(SIGNING_RATE_LIMIT_SETTING, config.env.SIGNING_RATE_LIMIT_PER_MINUTE);
  app.use(createHttpLogger(logger));
  app.use(
    helmet({
      contentSecurityPolicy: { directives: contentSecurityPolicy(config) },
      referrerPolicy: { policy: 'no-referrer' },
      crossOriginEmbedderPolicy: false,
    }),
  );
  app.enableCors({
    origin: config.env.CORS_ORIGINS ? config.env.CORS_ORIGINS.split(',').map((o) => o.trim()) : false,
    exposedHeaders: ['Content-Range', 'X-Request-Id', 'Retry-After', 'X-Page-Count'],
    credentials: false,
  });
  // JSON bodies only where JSON is sent: uploads to /api/files stream their raw bytes.
  app.use('/api', express.json({ limit: '15mb', type: ['application/json', 'application/*+json'] }));
  app.setGlobalPrefix('api');
  app.useGlobalPipes(createValidationPipe());
  app.useGlobalFilters(new AllExceptionsFilter());
  app.enableShutdownHooks();

  const pool = app.get<EmbeddedUserPool | null>(EMBEDDED_USER_POOL);
  if (pool) {
    server.use(
      '/cognito',
      fixedWindowLimiter({ limit: config.env.IDENTITY_RATE_LIMIT_PER_MINUTE, windowMs: 60_000 }),
      pool.handler,
    );
  }

  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder().setTitle('E-signature API').setVersion('1').addBearerAuth().build(),
  );
  SwaggerModule.setup('api/docs', app, document);
  if (config.env.SERVE_WEB) mountWebApps(server);
  return app;
}
