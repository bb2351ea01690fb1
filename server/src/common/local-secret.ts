import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileDurablySync } from './durable-files';

/**
 * A random secret kept in the data directory, made on first use (embedded mode only; production passes its own).
 * A file a crash left empty (earlier versions wrote it without flushing) held no secret yet: a new one is made.
 */
export function localSecret(dataDir: string, name: string): Buffer {
  const file = join(dataDir, 'secrets', `${name}.key`);
  if (existsSync(file) && statSync(file).size === 0) rmSync(file);
  if (!existsSync(file)) {
    writeFileDurablySync(file, randomBytes(32).toString('base64'), { onlyIfAbsent: true });
  }
  return Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
}
