import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { test } from 'node:test';
import { ephemeralRangeStart, freePort } from './free-port.mjs';

function listen(port) {
  const server = createServer();
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

const close = (server) => new Promise((resolve) => server.close(resolve));

test('hands out a port below the ephemeral range that a server can listen on', async () => {
  const port = await freePort();
  assert.ok(port >= 10_000 && port < ephemeralRangeStart(), `${port}`);
  await close(await listen(port));
});

test('skips ports a listener holds, and says so when none is left', async () => {
  const from = await freePort({ from: 20_000, to: 29_990 });
  const range = { from, to: from + 4 };
  const held = [];
  try {
    for (let port = from; port < from + 3; port += 1) held.push(await listen(port).catch(() => null));
    const free = await freePort(range);
    assert.equal(free, from + 3);
    held.push(await listen(free));
    await assert.rejects(freePort(range), /No free loopback port/);
  } finally {
    await Promise.all(held.filter(Boolean).map(close));
  }
});
