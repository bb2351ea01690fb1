import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../support/test-app';
import { Product } from '../support/product';
import { Cluster } from './support/cluster';
import { describeReliability, SERVER_DIR, waitFor } from './support/processes';

const TOKEN = 'prometheus-scrape-token-0123456789abcdef';
const RULES = join(SERVER_DIR, '..', 'docker', 'prometheus', 'alerts.yml');
const hasPrometheus = spawnSync('prometheus', ['--version'], { stdio: 'ignore' }).status === 0;

interface Sample {
  metric: Record<string, string>;
  value: [number, string];
}

/**
 * A Prometheus server of the test's own (Debian's `prometheus`), scraping the targets every second with the
 * bearer token, with the repository's alert rules loaded; its data in a scratch directory.
 */
class PrometheusServer {
  private child: ChildProcess | undefined;
  private output = '';
  private readonly directory = mkdtempSync(join(tmpdir(), 'esign-prometheus-'));

  private constructor(readonly port: number) {}

  static async start(targets: { api: string; workers: string[] }): Promise<PrometheusServer> {
    const server = new PrometheusServer(await freePort());
    server.writeConfiguration(targets);
    server.child = spawn(
      'prometheus',
      [
        `--config.file=${join(server.directory, 'prometheus.yml')}`,
        `--storage.tsdb.path=${join(server.directory, 'data')}`,
        `--web.listen-address=127.0.0.1:${server.port}`,
        '--log.level=warn',
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    for (const stream of [server.child.stdout, server.child.stderr]) {
      stream?.setEncoding('utf8');
      stream?.on('data', (chunk: string) => {
        server.output = (server.output + chunk).slice(-20_000);
      });
    }
    await waitFor('Prometheus to be ready', async () => {
      const response = await fetch(`${server.url}/-/ready`).catch(() => undefined);
      return response?.ok ? true : undefined;
    });
    return server;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get log(): string {
    return this.output;
  }

  /** An instant query through the HTTP API: its vector. */
  async query(expression: string): Promise<Sample[]> {
    const response = await fetch(`${this.url}/api/v1/query?query=${encodeURIComponent(expression)}`);
    const body = (await response.json()) as { status: string; data?: { result: Sample[] }; error?: string };
    if (body.status !== 'success') throw new Error(`${expression}: ${body.error ?? response.status}`);
    return body.data?.result ?? [];
  }

  /** The value of a query answering one sample, or undefined while it answers none. */
  async value(expression: string): Promise<number | undefined> {
    const [sample] = await this.query(expression);
    return sample ? Number(sample.value[1]) : undefined;
  }

  async rules(): Promise<Array<{ name: string; health: string; lastError?: string }>> {
    const response = await fetch(`${this.url}/api/v1/rules`);
    const body = (await response.json()) as {
      data: { groups: Array<{ rules: Array<{ name: string; health: string; lastError?: string }> }> };
    };
    return body.data.groups.flatMap((group) => group.rules);
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('close', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(this.directory, { recursive: true, force: true });
  }

  private writeConfiguration(targets: { api: string; workers: string[] }): void {
    const token = join(this.directory, 'metrics-token');
    writeFileSync(token, TOKEN, { mode: 0o600 });
    copyFileSync(RULES, join(this.directory, 'alerts.yml'));
    const authorization = `    authorization:\n      type: Bearer\n      credentials_file: ${token}\n`;
    writeFileSync(
      join(this.directory, 'prometheus.yml'),
      'global:\n  scrape_interval: 1s\n  evaluation_interval: 1s\n' +
        'rule_files:\n  - alerts.yml\n' +
        'scrape_configs:\n' +
        `  - job_name: esign-api\n    metrics_path: /api/metrics\n${authorization}` +
        `    static_configs:\n      - targets: ['${targets.api}']\n` +
        `  - job_name: esign-worker\n    metrics_path: /metrics\n${authorization}` +
        `    static_configs:\n      - targets: [${targets.workers.map((target) => `'${target}'`).join(', ')}]\n`,
    );
  }
}

if (!hasPrometheus && process.env.DATABASE_URL && process.env.REDIS_URL) {
  process.stdout.write(
    '\n  Skipped "Prometheus scraping": needs prometheus on PATH (apt-get install prometheus)\n',
  );
}

(hasPrometheus ? describeReliability : describe.skip)(
  'a real Prometheus scraping the API and two workers',
  () => {
    let cluster: Cluster;
    let prometheus: PrometheusServer;
    const workerPorts: number[] = [];

    beforeAll(async () => {
      workerPorts.push(await freePort(), await freePort());
      cluster = await Cluster.start({
        env: { METRICS_TOKEN: TOKEN },
        workers: workerPorts.map((port) => ({ WORKER_METRICS_PORT: String(port) })),
      });
      prometheus = await PrometheusServer.start({
        api: `127.0.0.1:${cluster.port}`,
        workers: workerPorts.map((port) => `127.0.0.1:${port}`),
      });
    });

    afterAll(async () => {
      await prometheus?.stop();
      await cluster?.stop();
    });

    it('scrapes all three with the token, sees a seal and its duration, and the queue back to 0', async () => {
      await cluster.explain(async () => {
        await waitFor('three targets up', async () =>
          (await prometheus.value('sum(up{job=~"esign-.*"})')) === 3 ? true : undefined,
        );
        expect(await prometheus.value('count(process_resident_memory_bytes)')).toBe(3);

        const product = new Product(cluster);
        const member = await product.createMember(await product.adminToken(), {
          email: 'supervision@agence-centre.lu',
          name: 'Agence du Centre',
        });
        const [invitee] = product.invitees(1, 'prometheus');
        if (!invitee) throw new Error('no invitee');
        const created = await product.createRequest(member, [invitee], { signingMode: 'SIMPLE' });
        const key = await product.keyOf(invitee.email);
        await product.requestCode(created.id, key);
        const sms = await product.newestBody(invitee.mobile, 'sms');
        await product.sign(created.id, key, Product.codeIn(sms), invitee.mobile);

        // Counted by the worker that sealed, in Prometheus once scraped; the queue empty again once the
        // completion e-mails are out.
        await waitFor(
          'the seal and an empty queue in Prometheus',
          async () => {
            const signed = await prometheus.value(
              'sum(esign_signature_requests_total{job="esign-worker",event="signed",mode="SIMPLE"})',
            );
            const seals = await prometheus.value(
              'sum(esign_seal_duration_seconds_count{job="esign-worker"})',
            );
            const waiting = await prometheus.value(
              'sum(esign_jobs{job="esign-api",state=~"waiting|active"})',
            );
            return signed === 1 && seals === 1 && waiting === 0 ? true : undefined;
          },
          45_000,
          500,
        );
        expect(await prometheus.value('sum(esign_seal_duration_seconds_sum)')).toBeGreaterThan(0);
        expect(
          await prometheus.value(
            'sum(esign_job_duration_seconds_count{job="esign-worker",type="signing.seal-document",outcome="done"})',
          ),
        ).toBe(1);
        expect(
          await prometheus.value(
            'sum(esign_signature_requests_total{job="esign-api",event="created",mode="SIMPLE"})',
          ),
        ).toBe(1);
        expect(
          await prometheus.value('max(esign_job_oldest_waiting_seconds{type="signing.seal-document"})'),
        ).toBe(0);
        // The routes the signing took, as templates.
        const routes = (await prometheus.query('sum by (route) (http_request_duration_seconds_count)')).map(
          (sample) => sample.metric.route,
        );
        expect(routes).toContain('/api/signatures/:id/otp');
        expect(routes.some((route) => route?.includes(created.id))).toBe(false);

        // The alert rules load and evaluate on these series, none firing on a healthy product.
        const rules = await prometheus.rules();
        expect(rules.map((rule) => rule.name).sort()).toEqual([
          'EsignEmailProviderFailing',
          'EsignEventLoopLag',
          'EsignJobsFailing',
          'EsignSealsWaiting',
          'EsignSignInLockStorm',
          'EsignSmsProviderFailing',
          'EsignTargetDown',
          'EsignUnhealthy',
        ]);
        await waitFor('every rule evaluated', async () =>
          (await prometheus.rules()).every((rule) => rule.health === 'ok') ? true : undefined,
        );
        expect(await prometheus.query('ALERTS{alertstate="firing"}')).toEqual([]);

        // The token never reaches a log.
        for (const process of [cluster.api, ...cluster.workers])
          expect(process.tail(4000)).not.toContain(TOKEN);

        // A scraped worker still stops on SIGTERM once its shutdown hooks ran (its metrics port closed).
        const [worker] = cluster.workers;
        if (!worker) throw new Error('no worker');
        worker.signal('SIGTERM');
        const exit = await worker.exited;
        expect(exit.signal === 'SIGTERM' || exit.code === 0).toBe(true);
        await expect(fetch(`http://127.0.0.1:${workerPorts[0]}/metrics`)).rejects.toThrow();
      });
    });
  },
);
