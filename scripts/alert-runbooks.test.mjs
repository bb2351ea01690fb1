import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

const read = (path) => readFileSync(new URL(`../${path}`, import.meta.url), 'utf8');
const rules = read('docker/prometheus/alerts.yml');
const operations = read('docs/operations.md');
const alerts = [...rules.matchAll(/^\s*- alert: (\w+)$/gm)].map((match) => match[1]);

test('the alert rules are found', () => {
  assert.ok(alerts.length >= 6, alerts.join(', '));
});

test('every alert has its runbook entry in docs/operations.md, and links to it', () => {
  const headings = new Set([...operations.matchAll(/^### (\w+)$/gm)].map((match) => match[1]));
  for (const alert of alerts) {
    assert.ok(headings.has(alert), `docs/operations.md has no "### ${alert}"`);
    assert.ok(
      rules.includes(`runbook: 'docs/operations.md#${alert.toLowerCase()}'`),
      `${alert} does not link to its entry`,
    );
  }
});

test('every alert is exercised by the rules tests', () => {
  const tested = read('docker/prometheus/alerts.test.yml');
  for (const alert of alerts) assert.ok(tested.includes(`alertname: ${alert}`), `${alert} is not tested`);
});
