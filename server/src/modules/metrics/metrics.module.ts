import { type DynamicModule, Global, Module } from '@nestjs/common';
import { type AppConfig } from '../../config/app-config';
import { MetricsController } from './metrics.controller';
import { Metrics } from './metrics.service';
import { WorkerMetricsServer } from './worker-metrics-server';

/**
 * The one registry of the process's metrics (`Metrics`, which every module records into), and where it is
 * read: `GET /api/metrics` in the API, `GET /metrics` on WORKER_METRICS_PORT in a worker, both only while
 * METRICS_TOKEN is set.
 */
@Global()
@Module({})
export class MetricsModule {
  static forRoot(config: AppConfig, options: { http: boolean }): DynamicModule {
    const exposed = Boolean(config.env.METRICS_TOKEN);
    return {
      module: MetricsModule,
      controllers: exposed && options.http ? [MetricsController] : [],
      providers: [Metrics, ...(exposed && !options.http ? [WorkerMetricsServer] : [])],
      exports: [Metrics],
    };
  }
}
