// A loopback port for a server a test or benchmark is about to start.
//
// Probing port 0 returns a port from the kernel's ephemeral range, the range outgoing connections draw
// from: between the probe and the server's own listen, a connection to PostgreSQL or Redis opened while
// the server boots can take that very port (EADDRINUSE). Ports below the range are only ever taken by a
// listener, so one is drawn at random there and checked free.
import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

const LOWEST = 10_000;

/** The first port of the ephemeral range (Linux's setting, else the IANA range's start). */
export function ephemeralRangeStart() {
  try {
    const [low] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8')
      .trim()
      .split(/\s+/)
      .map(Number);
    if (low !== undefined && Number.isInteger(low) && low > LOWEST + 1000) return low;
  } catch {
    // not Linux: fall through
  }
  return 49_152;
}

/**
 * @param {number} port
 * @returns {Promise<boolean>}
 */
function canListen(port) {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/** A free port in [from, to): by default below the ephemeral range. */
export async function freePort({ from = LOWEST, to = ephemeralRangeStart() } = {}) {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const port = randomInt(from, to);
    if (await canListen(port)) return port;
  }
  throw new Error(`No free loopback port between ${from} and ${to}`);
}
