// @ts-check
// The embedded start as a person runs it: first start seeds and prints the administrator once,
// a restart reuses the data, a bad setting stops start-up with its name.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { signInThroughPool, startProduct, waitForExit } from './harness.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

describe('embedded start', () => {
  it('seeds the administrator with a generated password printed once, and reuses the data on restart', async () => {
    const first = await startProduct(
      { ADMIN_PASSWORD: '', ADMIN_EMAIL: 'owner@chambre.test' },
      { firstStart: true },
    );
    let dataDir = first.dataDir;
    try {
      const printed = first.output.join('');
      const match = /password: (\S+)/.exec(printed);
      assert.ok(match, `credentials not printed:\n${printed}`);
      const health = await (await fetch(`${first.url}/api/health`)).json();
      assert.deepEqual(health, {
        status: 'ok',
        checks: { database: 'up', queue: 'up', storage: 'up', identity: 'up' },
      });
      const password = match[1] ?? '';
      const token = await signInThroughPool(first.url, 'owner@chambre.test', password);
      const me = await fetch(`${first.url}/api/users/me`, { headers: { Authorization: `Bearer ${token}` } });
      assert.equal(me.status, 200);
      assert.equal((await me.json()).email, 'owner@chambre.test');
      const pageResponse = await fetch(`${first.url}/auth/login`);
      assert.equal(pageResponse.status, 200);
      assert.match(await pageResponse.text(), /<div id="root">/);

      // Stop and start again on the same data. After closing, Nest re-raises the signal it handled, so a
      // clean stop may end by SIGTERM as well as by exit code 0.
      first.child.kill('SIGTERM');
      const ended = await waitForExit(first.child);
      assert.ok(ended.code === 0 || ended.signal === 'SIGTERM', JSON.stringify(ended));
      const second = await startProduct({
        DATA_DIR: dataDir,
        ADMIN_PASSWORD: '',
        ADMIN_EMAIL: 'owner@chambre.test',
      });
      dataDir = second.dataDir;
      try {
        assert.doesNotMatch(second.output.join(''), /password:/);
        const again = await signInThroughPool(second.url, 'owner@chambre.test', password);
        const meAgain = await fetch(`${second.url}/api/users/me`, {
          headers: { Authorization: `Bearer ${again}` },
        });
        assert.equal(meAgain.status, 200);
      } finally {
        await second.stop();
      }
    } finally {
      await first.stop();
    }
  });

  it('refuses to start on a malformed setting and names it', () => {
    const result = spawnSync(process.execPath, [join(root, 'server', 'dist', 'main.js')], {
      env: { PATH: process.env.PATH, PORT: 'eighty', REDIS_URL: 'http://nope' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    assert.equal(result.status, 78);
    assert.match(result.stderr, /PORT/);
    assert.match(result.stderr, /REDIS_URL must be a redis:\/\/ URL/);
  });
});
