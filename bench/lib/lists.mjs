import { execFileSync } from 'node:child_process';
import { median, round } from './stats.mjs';

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

/**
 * The list and `/users/me` at `connections` connections, alternated `rounds` times; the ratio is the median
 * of each round's ratio, so a change of the machine's load between rounds weighs little.
 */
export function listVersusMe(server, token, { connections = 50, seconds = 5, rounds = 4 } = {}) {
  const list = [];
  const me = [];
  // A short unmeasured run of each first: JIT, connection pools, prepared statements, the database's caches.
  wrk(`${server.url}/api/users/me`, token, { connections, seconds: 2 });
  wrk(`${server.url}${LIST_PATH}`, token, { connections, seconds: 2 });
  for (let round = 0; round < rounds; round += 1) {
    // Each round starts with the other endpoint than the last one, so neither always follows the other.
    const pair = [
      () => me.push(wrk(`${server.url}/api/users/me`, token, { connections, seconds })),
      () => list.push(wrk(`${server.url}${LIST_PATH}`, token, { connections, seconds })),
    ];
    for (const run of round % 2 ? pair.reverse() : pair) run();
  }
  const summary = (runs) => ({
    requestsPerSecond: round(median(runs.map((run) => run.requestsPerSecond)), 0),
    p50Ms: round(median(runs.map((run) => run.p50Ms)), 1),
    p99Ms: round(median(runs.map((run) => run.p99Ms)), 1),
  });
  const ratios = list.map((run, index) => run.requestsPerSecond / me[index].requestsPerSecond);
  return {
    connections,
    rounds,
    list: summary(list),
    usersMe: summary(me),
    listVsUsersMe: round(median(ratios), 2),
    listVsUsersMeByRound: ratios.map((value) => round(value, 2)),
  };
}

/**
 * The list's median latency, one request at a time, for a member with 1,000 requests and one with 50,000
 * in the same database, alternated round by round; the ratio is the median of the rounds' ratios.
 */
export function listLatencies(server, [token1k, token50k], { seconds = 3, rounds = 4 } = {}) {
  for (const token of [token1k, token50k])
    wrk(`${server.url}${LIST_PATH}`, token, { connections: 1, seconds: 1 });
  const at1k = [];
  const at50k = [];
  for (let round = 0; round < rounds; round += 1) {
    const pair = [
      () => at1k.push(wrk(`${server.url}${LIST_PATH}`, token1k, { connections: 1, seconds }).p50Ms),
      () => at50k.push(wrk(`${server.url}${LIST_PATH}`, token50k, { connections: 1, seconds }).p50Ms),
    ];
    for (const run of round % 2 ? pair.reverse() : pair) run();
  }
  return {
    at1k: round(median(at1k), 2),
    at50k: round(median(at50k), 2),
    at50kVs1k: round(median(at50k.map((value, index) => value / at1k[index])), 2),
  };
}
