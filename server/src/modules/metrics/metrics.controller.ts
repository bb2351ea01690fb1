import { Controller, Get, Headers, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { SkipThrottle } from '@nestjs/throttler';
import { ErrorCode } from '@esign/shared';
import { type Response } from 'express';
import { AppConfig } from '../../config/app-config';
import { AppException } from '../../common/app-exception';
import { Public } from '../users/auth.guard';
import { Metrics } from './metrics.service';
import { scrapeAuthorized } from './scrape-access';

/**
 * The API process's metrics for Prometheus, behind `Authorization: Bearer $METRICS_TOKEN`. Registered only when
 * METRICS_TOKEN is set: otherwise the route does not exist. Not rate-limited (each counted call would write
 * the limits' table, and a scraper behind a shared address would be refused): the token is at least 32
 * characters, too long to guess.
 */
@ApiExcludeController()
@Public()
@SkipThrottle()
@Controller('metrics')
export class MetricsController {
  constructor(
    private readonly metrics: Metrics,
    private readonly config: AppConfig,
  ) {}

  @Get()
  async scrape(
    @Headers('authorization') authorization: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ): Promise<string> {
    if (!scrapeAuthorized(this.config.env.METRICS_TOKEN ?? '', authorization)) {
      response.setHeader('WWW-Authenticate', 'Bearer');
      throw new AppException(ErrorCode.UNAUTHENTICATED);
    }
    const body = await this.metrics.exposition();
    response.setHeader('Content-Type', this.metrics.contentType);
    return body;
  }
}
