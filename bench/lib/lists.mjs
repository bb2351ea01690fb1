import { execFileSync } from 'node:child_process';
import { median, ratio, round } from './stats.mjs';

/** One wrk run; requests per second, latency percentiles (ms) and the answers that were not 2xx. */
export function wrk(url, token, { connections, seconds, threads = Math.min(2, connections) }) {
  const output = execFileSync(
    'wrk',
    [
      '-t',
      String(threads),
      '-c',
      String(connections),
      '-d',
      `${seconds}s`,
      '--latency',
      '-H',
      `Authorization: Bearer ${token}`,
      url,
    ],
    { encoding: 'utf8' },
  );
  const milliseconds = (label) => {
    const match = new RegExp(`^\\s*${label}\\s+([\\d.]+)(us|ms|s)\\s*$`, 'm').exec(output);
    if (!match) return NaN;
    const value = Number(match[1]);
    return match[2] === 'us' ? value / 1000 : match[2] === 's' ? value * 1000 : value;
  };
  const failed = Number(/Non-2xx or 3xx responses: (\d+)/.exec(output)?.[1] ?? 0);
  const errors = /Socket errors: (.*)/.exec(output)?.[1];
  if (failed > 0 || errors)
    throw new Error(`wrk ${url}: ${failed} answers not 2xx ${errors ?? ''}\n${output}`);
  return {
    requestsPerSecond: Number(/Requests\/sec:\s+([\d.]+)/.exec(output)?.[1]),
    p50Ms: milliseconds('50%'),
    p99Ms: milliseconds('99%'),
  };
}

export const LIST_PATH = '/api/signatures?range=%5B0%2C24%5D';

/** The list and `/users/me` at `connections` connections, alternated `rounds` times. */
export function listVersusMe(server, token, { connections = 50, seconds = 8, rounds = 2 } = {}) {
  const list = [];
  const me = [];
  // A short unmeasured run of each first: JIT, connection pools, the database's caches.
  wrk(`${server.url}/api/users/me`, token, { connections, seconds: 2 });
  wrk(`${server.url}${LIST_PATH}`, token, { connections, seconds: 2 });
  for (let round = 0; round < rounds; round += 1) {
    me.push(wrk(`${server.url}/api/users/me`, token, { connections, seconds }));
    list.push(wrk(`${server.url}${LIST_PATH}`, token, { connections, seconds }));
  }
  const summary = (runs) => ({
    requestsPerSecond: round(median(runs.map((run) => run.requestsPerSecond)), 0),
    p50Ms: round(median(runs.map((run) => run.p50Ms)), 1),
    p99Ms: round(median(runs.map((run) => run.p99Ms)), 1),
  });
  const result = { connections, list: summary(list), usersMe: summary(me) };
  return { ...result, listVsUsersMe: ratio(result.list.requestsPerSecond, result.usersMe.requestsPerSecond) };
}

/** Median latency of the list, one request at a time. */
export function listLatency(server, token, { seconds = 5, rounds = 2 } = {}) {
  wrk(`${server.url}${LIST_PATH}`, token, { connections: 1, seconds: 1 });
  const runs = [];
  for (let round = 0; round < rounds; round += 1)
    runs.push(wrk(`${server.url}${LIST_PATH}`, token, { connections: 1, seconds }));
  return round(median(runs.map((run) => run.p50Ms)), 2);
}
