import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { AppConfig } from '../../config/app-config';
import { Metrics } from './metrics.service';
import { scrapeAuthorized } from './scrape-access';

/**
 * A worker's metrics for Prometheus: `GET /metrics` on WORKER_METRICS_PORT, behind the same bearer token as
 * the API's. A worker serves no other HTTP: every other path is a 404, every other method a 405.
 */
@Injectable()
export class WorkerMetricsServer implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('WorkerMetrics');
  private server: Server | undefined;

  constructor(
    private readonly metrics: Metrics,
    private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const { METRICS_TOKEN: token, WORKER_METRICS_PORT: port, HOST: host } = this.config.env;
    if (!token || port === undefined) return;
    const server = createServer((request, response) => void this.answer(token, request, response));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    this.server = server;
    this.logger.log({ port }, 'Worker metrics listening');
  }

  async onApplicationShutdown(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private async answer(token: string, request: IncomingMessage, response: ServerResponse): Promise<void> {
    const path = (request.url ?? '').split('?')[0];
    if (path !== '/metrics') return end(response, 404, 'Not found\n');
    if (request.method !== 'GET' && request.method !== 'HEAD')
      return end(response, 405, 'Method not allowed\n');
    if (!scrapeAuthorized(token, request.headers.authorization)) {
      response.setHeader('WWW-Authenticate', 'Bearer');
      return end(response, 401, 'Unauthorized\n');
    }
    try {
      const body = await this.metrics.exposition();
      response.setHeader('Content-Type', this.metrics.contentType);
      end(response, 200, request.method === 'HEAD' ? '' : body);
    } catch (error) {
      this.logger.error({ err: error }, 'Could not collect the metrics');
      end(response, 500, 'Could not collect the metrics\n');
    }
  }
}

function end(response: ServerResponse, status: number, body: string): void {
  response.statusCode = status;
  response.setHeader('Cache-Control', 'no-store');
  if (!response.hasHeader('Content-Type')) response.setHeader('Content-Type', 'text/plain; charset=utf-8');
  response.end(body);
}
