#!/usr/bin/env node
// Checks every query of the Grafana dashboard (docker/grafana/esign.json) with promtool, as the alert rules
// are: each becomes a recording rule of a scratch file that `promtool check rules` parses.
//   node scripts/check-dashboard.mjs
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const dashboard = JSON.parse(readFileSync(new URL('../docker/grafana/esign.json', import.meta.url), 'utf8'));
const queries = [
  ...dashboard.panels.flatMap((panel) => (panel.targets ?? []).map((target) => target.expr)),
  ...dashboard.annotations.list.map((annotation) => annotation.expr),
].filter(Boolean);
const directory = mkdtempSync(join(tmpdir(), 'dashboard-'));
const file = join(directory, 'queries.yml');
writeFileSync(
  file,
  `groups:\n  - name: dashboard\n    rules:\n${queries
    .map(
      (query, index) => `      - record: dashboard:query_${index}\n        expr: ${JSON.stringify(query)}\n`,
    )
    .join('')}`,
);
const result = spawnSync('promtool', ['check', 'rules', file], { stdio: 'inherit' });
rmSync(directory, { recursive: true, force: true });
if (result.error) throw result.error;
process.exit(result.status ?? 1);
