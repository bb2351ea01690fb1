import { Logger } from '@nestjs/common';
import { type Logger as TypeOrmLoggerInterface } from 'typeorm';

/** TypeORM's messages through the product's structured logger; query text only at debug, parameters never. */
export class TypeOrmLogger implements TypeOrmLoggerInterface {
  private readonly logger = new Logger('Database');

  logQuery(query: string): void {
    this.logger.debug({ query }, 'Query');
  }
  logQueryError(error: string | Error, query: string): void {
    this.logger.error({ query, error: error instanceof Error ? error.message : error }, 'Query failed');
  }
  logQuerySlow(time: number, query: string): void {
    this.logger.warn({ query, ms: time }, 'Slow query');
  }
  logSchemaBuild(message: string): void {
    this.logger.debug(message);
  }
  logMigration(message: string): void {
    this.logger.log(message);
  }
  log(level: 'log' | 'info' | 'warn', message: unknown): void {
    if (level === 'warn') this.logger.warn(message);
    else this.logger.log(message);
  }
}
