import { Controller, Get, Inject, type OnModuleInit, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { SkipThrottle } from '@nestjs/throttler';
import { InjectDataSource } from '@nestjs/typeorm';
import { type HealthReport } from '@esign/shared';
import { type Response } from 'express';
import { type DataSource } from 'typeorm';
import { Public } from '../users/auth.guard';
import { JOB_RUNTIME, type JobRuntime } from '../jobs/job-runtime';
import { Metrics } from '../metrics/metrics.service';
import { OBJECT_STORAGE, type ObjectStorage } from '../storage/object-storage.port';
import { CognitoAdmin } from '../identity/cognito-admin';
import { IDENTITY_SETTINGS, type IdentitySettings } from '../identity/identity-settings';

const CHECK_TIMEOUT_MS = 3_000;

async function probe(check: () => Promise<unknown>): Promise<'up' | 'down'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([check(), timeout]);
    return 'up';
  } catch {
    return 'down';
  } finally {
    clearTimeout(timer);
  }
}

@ApiTags('platform')
@Public()
@SkipThrottle()
@Controller('health')
export class HealthController implements OnModuleInit {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(JOB_RUNTIME) private readonly jobs: JobRuntime,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
    private readonly identity: CognitoAdmin,
    @Inject(IDENTITY_SETTINGS) private readonly identitySettings: IdentitySettings,
    private readonly metrics: Metrics,
  ) {}

  onModuleInit(): void {
    // Each scrape asks the same checks: `esign_health_check_up` says what /api/health would answer.
    this.metrics.checkHealthWith(() => this.checks());
  }

  @Get()
  @ApiOperation({ summary: 'Readiness: 200 when every dependency answers, 503 naming the one that does not' })
  async health(@Res({ passthrough: true }) response: Response): Promise<HealthReport> {
    const checks = await this.checks();
    const healthy = Object.values(checks).every((state) => state === 'up');
    response.status(healthy ? 200 : 503);
    return { status: healthy ? 'ok' : 'error', checks };
  }

  private async checks(): Promise<HealthReport['checks']> {
    const [database, queue, storage, identity] = await Promise.all([
      probe(() => this.dataSource.query('SELECT 1')),
      probe(() => this.jobs.ping()),
      probe(() => this.storage.ping()),
      probe(() => this.identity.ping(this.identitySettings.userPoolId)),
    ]);
    return { database, queue, storage, identity };
  }
}
