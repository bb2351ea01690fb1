/* global module */
// The API test files that run a second time on the embedded defaults (PGlite in the test process, jobs run
// by the API from the job table) when the tests run on PostgreSQL and Redis: the behaviours that differ
// there. Every other API test runs once, on the database and queue the run was given. Read by jest.config.js.
module.exports = {
  'foundation.api-spec.ts': 'the embedded database and pool at first start, migrations on PGlite',
  'jobs.api-spec.ts': 'the job table run by the API itself: after a crash, at shutdown',
  'signature-list.api-spec.ts': "the list's stored views, triggers and statements on PGlite",
  'audit-reads.api-spec.ts': 'the audit chain of reads filled in after their unlocked insert, on PGlite',
  'rate-limits.api-spec.ts': 'counters in an unlogged table, on PGlite',
  'attacks/hostile-input.api-spec.ts': "what only the embedded database can be sent (PGlite's own limits)",
  'sealing-recovery.api-spec.ts': 'a seal stuck half-way, swept by the runner in the API',
  'reminders.api-spec.ts': 'reminder sweeps and their delayed jobs in the job table',
  'delivery-decline-expiry.api-spec.ts': 'expiry sweeps and notifications run from the job table',
  'signing.api-spec.ts': 'the whole signing path with the seal run by the API',
  'attacks/list-shapes.api-spec.ts': "prepared statements on PGlite's one connection",
  'attacks/user-pool-concurrency.api-spec.ts':
    "many sign-ins and account creations at once on PGlite's one connection",
  'attacks/password-reset.api-spec.ts': 'the reset code sent by a job the API runs itself',
  'metrics.api-spec.ts': "the job gauges and attempts of the API's own runner, read from PGlite",
};
