import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** A random secret kept in the data directory, made on first use (embedded mode only; production passes its own). */
export function localSecret(dataDir: string, name: string): Buffer {
  const directory = join(dataDir, 'secrets');
  const file = join(directory, `${name}.key`);
  if (!existsSync(file)) {
    mkdirSync(directory, { recursive: true, mode: 0o700 });
    writeFileSync(`${file}.tmp`, randomBytes(32).toString('base64'), { mode: 0o600 });
    renameSync(`${file}.tmp`, file);
  }
  return Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
}
