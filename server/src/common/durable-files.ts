import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  closeSync,
  fsyncSync,
  linkSync,
  mkdirSync,
  openSync,
  renameSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/** Files the product writes under DATA_DIR are its own: no other account on the machine reads them. */
export const PRIVATE_FILE_MODE = 0o600;
export const PRIVATE_DIRECTORY_MODE = 0o700;

function temporaryBeside(file: string): string {
  return join(dirname(file), `.${randomBytes(6).toString('hex')}.tmp`);
}

function refuseEmpty(file: string, content: string | Buffer): void {
  // A file rewritten with nothing loses what it held (a key, the accounts): never a legitimate write.
  if (content.length === 0) throw new Error(`Refusing to write an empty ${file}`);
}

/**
 * Replaces `file` with `content` so that a crash at any moment leaves either the old file or the whole new
 * one: written beside it, flushed to disk, renamed over it, and the directory flushed so the rename lasts.
 * Without the flushes, a crash just after the rename can leave an empty file on file systems that delay
 * allocation (ext4, XFS).
 */
export async function writeFileDurably(file: string, content: string | Buffer): Promise<void> {
  refuseEmpty(file, content);
  await mkdir(dirname(file), { recursive: true, mode: PRIVATE_DIRECTORY_MODE });
  const temporary = temporaryBeside(file);
  try {
    const handle = await open(temporary, 'wx', PRIVATE_FILE_MODE);
    try {
      await handle.writeFile(content);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
  await syncDirectory(dirname(file));
}

/**
 * `writeFileDurably` for start-up code that runs before anything else could use the file. With `onlyIfAbsent`,
 * the file is put in place only if none exists (link(2) refuses to replace one): two processes making the same
 * secret at once end up reading the same one. Returns whether this call put the file in place.
 */
export function writeFileDurablySync(
  file: string,
  content: string | Buffer,
  options: { onlyIfAbsent?: boolean } = {},
): boolean {
  refuseEmpty(file, content);
  mkdirSync(dirname(file), { recursive: true, mode: PRIVATE_DIRECTORY_MODE });
  const temporary = temporaryBeside(file);
  try {
    const descriptor = openSync(temporary, 'wx', PRIVATE_FILE_MODE);
    try {
      const bytes = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
      let written = 0;
      while (written < bytes.length) written += writeSync(descriptor, bytes, written);
      fsyncSync(descriptor);
    } finally {
      closeSync(descriptor);
    }
    if (options.onlyIfAbsent) linkSync(temporary, file);
    else renameSync(temporary, file);
  } catch (error) {
    rmSync(temporary, { force: true });
    if (options.onlyIfAbsent && (error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  rmSync(temporary, { force: true });
  const directory = openSync(dirname(file), 'r');
  try {
    fsyncSync(directory);
  } finally {
    closeSync(directory);
  }
  return true;
}

export async function syncDirectory(directory: string): Promise<void> {
  const handle = await open(directory, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Makes the data directory private before anything is written in it: created 0700 (an existing one, made
 * under a looser umask by an earlier version, is tightened), and the process's umask set so that every file
 * and directory made afterwards, the embedded database's included, is readable by its owner only.
 * Returns a warning when the directory belongs to another account and could not be tightened.
 */
export function preparePrivateDataDirectory(dataDir: string): string | undefined {
  process.umask(0o077);
  mkdirSync(dataDir, { recursive: true, mode: PRIVATE_DIRECTORY_MODE });
  try {
    chmodSync(dataDir, PRIVATE_DIRECTORY_MODE);
    return undefined;
  } catch (error) {
    return `DATA_DIR ${dataDir} could not be made private: ${(error as Error).message}`;
  }
}
