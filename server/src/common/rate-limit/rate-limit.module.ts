import { Global, Module } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import { type DataSource } from 'typeorm';
import { DatabaseRateLimitStore, RATE_LIMIT_STORE } from './rate-limit-store';

/** The shared rate-limit counters, for the throttler guard, the user pool's public route and services. */
@Global()
@Module({
  providers: [
    {
      provide: RATE_LIMIT_STORE,
      inject: [getDataSourceToken()],
      useFactory: (dataSource: DataSource) => new DatabaseRateLimitStore(dataSource),
    },
  ],
  exports: [RATE_LIMIT_STORE],
})
export class RateLimitModule {}
