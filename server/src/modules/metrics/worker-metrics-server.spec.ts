import { Logger } from '@nestjs/common';
import { loadEnvironment } from '../../config/app-config';
import { Metrics } from './metrics.service';
import { WorkerMetricsServer } from './worker-metrics-server';
import { freePort } from '../../../test/support/test-app';

const TOKEN = 'worker-metrics-token-0123456789abcdef0123';

async function startServer(env: Record<string, string>) {
  const metrics = new Metrics();
  const server = new WorkerMetricsServer(metrics, loadEnvironment({ HOST: '127.0.0.1', ...env }));
  await server.onApplicationBootstrap();
  return { metrics, server };
}

describe('WorkerMetricsServer', () => {
  beforeAll(() => {
    Logger.overrideLogger(false);
  });
  it('serves GET /metrics with the token only; 401 without it, 404 elsewhere, 405 for other methods', async () => {
    const port = await freePort();
    const { metrics, server } = await startServer({
      METRICS_TOKEN: TOKEN,
      WORKER_METRICS_PORT: String(port),
    });
    metrics.jobAttempt('signing.seal-document', 'done', 1.5);
    const base = `http://127.0.0.1:${port}`;
    try {
      const right = await fetch(`${base}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } });
      expect(right.status).toBe(200);
      expect(right.headers.get('content-type')).toMatch(/^text\/plain;.*version=0\.0\.4/);
      const text = await right.text();
      expect(text).toContain(
        'esign_job_duration_seconds_count{type="signing.seal-document",outcome="done"} 1',
      );
      expect(text).toContain('process_resident_memory_bytes');

      const none = await fetch(`${base}/metrics`);
      expect(none.status).toBe(401);
      expect(none.headers.get('www-authenticate')).toBe('Bearer');
      const wrong = await fetch(`${base}/metrics`, { headers: { Authorization: 'Bearer nope' } });
      expect(wrong.status).toBe(401);
      expect(await wrong.text()).not.toContain('esign_');
      const elsewhere = await fetch(`${base}/other`, { headers: { Authorization: `Bearer ${TOKEN}` } });
      expect(elsewhere.status).toBe(404);
      const posted = await fetch(`${base}/metrics`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${TOKEN}` },
      });
      expect(posted.status).toBe(405);
    } finally {
      await server.onApplicationShutdown();
    }
    await expect(fetch(`${base}/metrics`)).rejects.toThrow();
  });

  it('answers 500 without the figures when they cannot be collected', async () => {
    const port = await freePort();
    const { metrics, server } = await startServer({
      METRICS_TOKEN: TOKEN,
      WORKER_METRICS_PORT: String(port),
    });
    jest.spyOn(metrics, 'exposition').mockRejectedValue(new Error('collect failed'));
    try {
      const answer = await fetch(`http://127.0.0.1:${port}/metrics`, {
        headers: { Authorization: `Bearer ${TOKEN}` },
      });
      expect(answer.status).toBe(500);
      expect(await answer.text()).toBe('Could not collect the metrics\n');
    } finally {
      await server.onApplicationShutdown();
    }
  });

  it('listens on nothing without METRICS_TOKEN or without WORKER_METRICS_PORT', async () => {
    const port = await freePort();
    const halves: Array<Record<string, string>> = [
      { WORKER_METRICS_PORT: String(port) },
      { METRICS_TOKEN: TOKEN },
    ];
    for (const env of halves) {
      const { server } = await startServer(env);
      await expect(fetch(`http://127.0.0.1:${port}/metrics`)).rejects.toThrow();
      await server.onApplicationShutdown();
    }
  });

  it('stops the start when its port is taken', async () => {
    const port = await freePort();
    const first = await startServer({ METRICS_TOKEN: TOKEN, WORKER_METRICS_PORT: String(port) });
    try {
      await expect(startServer({ METRICS_TOKEN: TOKEN, WORKER_METRICS_PORT: String(port) })).rejects.toThrow(
        /EADDRINUSE/,
      );
    } finally {
      await first.server.onApplicationShutdown();
    }
  });
});
