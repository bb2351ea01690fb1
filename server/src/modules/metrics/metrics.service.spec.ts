import { Metrics } from './metrics.service';

const sample = (text: string, series: string): number | undefined => {
  const line = text.split('\n').find((entry) => entry.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

describe('Metrics', () => {
  it('reads the job gauges from their source at each scrape, zero for the types without rows', async () => {
    const metrics = new Metrics();
    metrics.countJobsWith(() =>
      Promise.resolve([
        {
          type: 'signing.seal-document',
          waiting: 3,
          delayed: 1,
          active: 0,
          failed: 2,
          oldestWaitingSeconds: 42.5,
        },
      ]),
    );
    const text = await metrics.exposition();
    expect(sample(text, 'esign_jobs{type="signing.seal-document",state="waiting"}')).toBe(3);
    expect(sample(text, 'esign_jobs{type="signing.seal-document",state="failed"}')).toBe(2);
    expect(sample(text, 'esign_job_oldest_waiting_seconds{type="signing.seal-document"}')).toBe(42.5);
    expect(sample(text, 'esign_jobs{type="notifications.deliver-message",state="waiting"}')).toBe(0);
  });

  it('still answers when the job table cannot be read: the gauges keep their values, the error is counted', async () => {
    const metrics = new Metrics();
    let fail = false;
    metrics.countJobsWith(() => {
      if (fail) return Promise.reject(new Error('connection refused'));
      return Promise.resolve([
        {
          type: 'signing.seal-document',
          waiting: 5,
          delayed: 0,
          active: 0,
          failed: 0,
          oldestWaitingSeconds: 9,
        },
      ]);
    });
    await metrics.exposition();
    fail = true;
    const text = await metrics.exposition();
    expect(sample(text, 'esign_metrics_collect_errors_total{source="jobs"}')).toBe(1);
    expect(sample(text, 'esign_jobs{type="signing.seal-document",state="waiting"}')).toBe(5);
  });

  it('reads the source once per scrape for both job gauges', async () => {
    const metrics = new Metrics();
    let reads = 0;
    metrics.countJobsWith(() => {
      reads += 1;
      return Promise.resolve([]);
    });
    await metrics.exposition();
    expect(reads).toBe(1);
  });

  it('bounds every label a caller could influence', async () => {
    const metrics = new Metrics();
    metrics.observeHttp('/api/users/:id', 'BREW', 999, 0.01);
    metrics.requestEvent('created', 'FORGED');
    metrics.jobAttempt('made.up-job', 'done', 0.1);
    metrics.uploadRefused('SOMETHING_ELSE', ['NOT_A_PDF']);
    metrics.qualifiedSessionEnded('<script>', ['signed']);
    metrics.messageHandedOver('pigeon', 'sent');
    const text = await metrics.exposition();
    expect(
      sample(
        text,
        'http_request_duration_seconds_count{route="/api/users/:id",method="other",status="other"}',
      ),
    ).toBe(1);
    expect(sample(text, 'esign_signature_requests_total{event="created",mode="other"}')).toBe(1);
    expect(sample(text, 'esign_job_duration_seconds_count{type="other",outcome="done"}')).toBe(1);
    expect(sample(text, 'esign_uploads_refused_total{reason="other"}')).toBe(1);
    expect(sample(text, 'esign_qualified_sessions_total{outcome="other"}')).toBe(1);
    expect(sample(text, 'esign_messages_total{channel="other",outcome="sent"}')).toBe(1);
    for (const raw of ['BREW', 'FORGED', 'made.up-job', 'SOMETHING_ELSE', '<script>', 'pigeon']) {
      expect(text).not.toContain(raw);
    }
  });

  it('gives the health gauge what the checks answer at each scrape', async () => {
    const metrics = new Metrics();
    metrics.checkHealthWith(() => Promise.resolve({ database: 'up', queue: 'down' }));
    const text = await metrics.exposition();
    expect(sample(text, 'esign_health_check_up{check="database"}')).toBe(1);
    expect(sample(text, 'esign_health_check_up{check="queue"}')).toBe(0);
  });
});
