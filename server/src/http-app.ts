import { type INestApplication, type NestApplicationOptions } from '@nestjs/common';
import { NestFactory, Reflector } from '@nestjs/core';
import { type NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import helmet from 'helmet';
import { type Logger } from 'pino';
import { AppModule } from './app.module';
import { StartupCleanup } from './common/startup-cleanup';
import { SIGNING_RATE_LIMIT_SETTING } from './modules/signing/signing-rate-limit';
import { VERIFY_RATE_LIMIT_SETTING } from './modules/verification/verify-rate-limit';
import { type AppConfig } from './config/app-config';
import { AllExceptionsFilter } from './common/all-exceptions.filter';
import { createHttpLogger, PinoNestLogger } from './common/logging';
import { createValidationPipe } from './common/validation.pipe';
import { EMBEDDED_POOL_GATEWAY } from './modules/identity/identity.module';
import { type PoolGateway } from './modules/identity/pool-gateway';
import { assertJsonDepth, refuseNulInAddress } from './common/json-limits';
import { JSON_BODY_TYPES, JsonBodyGuard } from './common/json-body';
import { mountWebApps } from './web-apps';
import { recordHttpMetrics } from './modules/metrics/http-metrics';
import { Metrics } from './modules/metrics/metrics.service';

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

/**
 * Helmet's headers, with the two that only an https page may carry: HSTS and the policy's
 * `upgrade-insecure-requests`. Sent on plain http (a LAN address, `http://localhost`), they would make the
 * browser fetch the page's own scripts over https, which nothing serves there. Decided per request, by how it
 * arrived: over TLS, or from a proxy TRUST_PROXY names saying `X-Forwarded-Proto: https` (Express's
 * `request.secure`). Not by PUBLIC_URL: the pages work at whatever address reaches the server, and a client's
 * own X-Forwarded-Proto is not believed.
 */
function securityHeaders(
  config: AppConfig,
): (request: Request, response: Response, next: NextFunction) => void {
  const options = (https: boolean) =>
    helmet({
      contentSecurityPolicy: {
        directives: { ...contentSecurityPolicy(config), upgradeInsecureRequests: https ? [] : null },
      },
      strictTransportSecurity: https,
      referrerPolicy: { policy: 'no-referrer' },
      crossOriginEmbedderPolicy: false,
    });
  const overHttps = options(true);
  const overHttp = options(false);
  return (request, response, next) => (request.secure ? overHttps : overHttp)(request, response, next);
}

/** Builds the HTTP application (not yet listening): the API under /api, the pool under /cognito, the web apps. */
export async function createHttpApp(
  config: AppConfig,
  logger: Logger,
  options: NestApplicationOptions = {},
): Promise<INestApplication> {
  const cleanup = new StartupCleanup();
  const app = await NestFactory.create<NestExpressApplication>(
    AppModule.forRoot(config, logger, 'api', cleanup),
    {
      logger: new PinoNestLogger(logger),
      bufferLogs: true,
      bodyParser: false,
      abortOnError: false,
      ...options,
    },
  ).catch(async (error: unknown) => {
    await cleanup.run();
    throw error;
  });
  const server: Express = app.getHttpAdapter().getInstance();
  server.disable('x-powered-by');
  // No ETag computed over each answer's body: API answers are never kept (no-store below), so nothing would
  // send it back, and hashing a page of the list took a share of its time. Files keep theirs (web-apps.ts).
  server.set('etag', false);
  // Forwarded headers are believed only from the proxies TRUST_PROXY names: otherwise anyone could write the
  // address the evidence records, and rotate it past every per-IP limit.
  server.set('trust proxy', config.trustProxy);
  server.set(SIGNING_RATE_LIMIT_SETTING, config.env.SIGNING_RATE_LIMIT_PER_MINUTE);
  server.set(VERIFY_RATE_LIMIT_SETTING, config.env.VERIFY_RATE_LIMIT_PER_MINUTE);
  app.use(recordHttpMetrics(app.get(Metrics)));
  app.use(createHttpLogger(logger));
  app.use(securityHeaders(config));
  app.enableCors({
    origin: config.env.CORS_ORIGINS ? config.env.CORS_ORIGINS.split(',').map((o) => o.trim()) : false,
    exposedHeaders: ['Content-Range', 'X-Request-Id', 'Retry-After', 'X-Page-Count'],
    credentials: false,
  });
  app.use('/api', (request: Request, _response: Response, next: NextFunction) => {
    try {
      refuseNulInAddress(request.originalUrl);
      next();
    } catch (error) {
      next(error);
    }
  });
  // JSON bodies only where JSON is sent: uploads to /api/files stream their raw bytes. Size and nesting are
  // bounded before anything walks the body (a too-large body is a 413, a too-deep one a 400).
  app.use(
    '/api',
    express.json({
      limit: '15mb',
      type: JSON_BODY_TYPES,
      verify: (_request, _response, buffer) => assertJsonDepth(buffer),
    }),
  );
  // API answers are per user and per moment: never kept by a browser or a shared cache. Routes that may be
  // cached (none today) set their own header.
  app.use('/api', (_request: Request, response: Response, next: NextFunction) => {
    response.setHeader('Cache-Control', 'no-store');
    next();
  });
  app.setGlobalPrefix('api');
  app.useGlobalGuards(new JsonBodyGuard(app.get(Reflector)));
  app.useGlobalPipes(createValidationPipe());
  app.useGlobalFilters(new AllExceptionsFilter());
  app.enableShutdownHooks();

  // The embedded pool's browser calls only (see PoolGateway); its administrative API never leaves the process.
  const gateway = app.get<PoolGateway | null>(EMBEDDED_POOL_GATEWAY);
  if (gateway) server.use('/cognito', gateway.router());

  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder().setTitle('E-signature API').setVersion('1').addBearerAuth().build(),
  );
  SwaggerModule.setup('api/docs', app, document);
  if (config.env.SERVE_WEB) mountWebApps(server);
  return app;
}
