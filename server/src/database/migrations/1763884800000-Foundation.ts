import { type MigrationInterface, type QueryRunner } from 'typeorm';

export class Foundation1763884800000 implements MigrationInterface {
  name = 'Foundation1763884800000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE app_user (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        cognito_sub text UNIQUE,
        email text NOT NULL,
        name text NOT NULL DEFAULT '',
        mobile text,
        language text NOT NULL DEFAULT 'fr' CHECK (language IN ('fr', 'en', 'de', 'lu')),
        role text NOT NULL DEFAULT 'MEMBER' CHECK (role IN ('ADMIN', 'GROUP_MEMBER', 'MEMBER')),
        logo_key text,
        is_disabled boolean NOT NULL DEFAULT false,
        gdpr_approved_at timestamptz,
        additional_info jsonb NOT NULL DEFAULT '{}'::jsonb,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX app_user_email_key ON app_user (lower(email))`);

    await queryRunner.query(`
      CREATE TABLE outbox_message (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        channel text NOT NULL CHECK (channel IN ('email', 'sms')),
        recipient text NOT NULL,
        subject text,
        body text NOT NULL,
        html text,
        status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'SENT', 'FAILED')),
        provider_message_id text,
        attempts integer NOT NULL DEFAULT 0,
        last_error text,
        created_at timestamptz NOT NULL DEFAULT now(),
        sent_at timestamptz
      )`);
    await queryRunner.query(
      `CREATE INDEX outbox_message_recipient_idx ON outbox_message (lower(recipient), created_at DESC)`,
    );

    // The durable job table: the queue itself in embedded mode, the transactional outbox relayed to BullMQ otherwise.
    await queryRunner.query(`
      CREATE TABLE queued_job (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        job_key text NOT NULL UNIQUE,
        name text NOT NULL,
        payload jsonb NOT NULL,
        state text NOT NULL DEFAULT 'QUEUED' CHECK (state IN ('QUEUED', 'RUNNING', 'DONE', 'FAILED', 'DISPATCHED')),
        attempts integer NOT NULL DEFAULT 0,
        max_attempts integer NOT NULL DEFAULT 5,
        run_at timestamptz NOT NULL DEFAULT now(),
        locked_until timestamptz,
        last_error text,
        created_at timestamptz NOT NULL DEFAULT now(),
        finished_at timestamptz
      )`);
    await queryRunner.query(
      `CREATE INDEX queued_job_ready_idx ON queued_job (run_at) WHERE state IN ('QUEUED', 'RUNNING')`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE queued_job');
    await queryRunner.query('DROP TABLE outbox_message');
    await queryRunner.query('DROP TABLE app_user');
  }
}
