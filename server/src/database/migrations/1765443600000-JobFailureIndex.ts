import { type MigrationInterface, type QueryRunner } from 'typeorm';

export class JobFailureIndex1765443600000 implements MigrationInterface {
  name = 'JobFailureIndex1765443600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // The metrics count the jobs failed for good in the last day at each scrape: from this index, not by
    // reading every finished job the table keeps.
    await queryRunner.query(
      `CREATE INDEX queued_job_failed_idx ON queued_job (finished_at) WHERE state = 'FAILED'`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX queued_job_failed_idx');
  }
}
