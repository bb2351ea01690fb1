import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { type Context } from 'cognito-local/lib/services/context';
import { type DataStore } from 'cognito-local/lib/services/dataStore/dataStore';
import { type DataStoreFactory } from 'cognito-local/lib/services/dataStore/factory';
import { PRIVATE_DIRECTORY_MODE, writeFileDurably } from '../../common/durable-files';

/** A change about to be stored: may rewrite the value (or refuse it by throwing). */
export type StoreRule = (key: string[], value: unknown) => unknown;

/** The pool's files hold dates as ISO strings under keys ending in `Date`, as the library's own store wrote. */
function reviveDates(key: string, value: unknown): unknown {
  if (!key.endsWith('Date')) return value;
  return typeof value === 'string' || typeof value === 'number' ? new Date(value) : value;
}

function keyPath(key: string | string[]): string[] {
  return Array.isArray(key) ? key : [key];
}

/**
 * One file of the pool (its app clients, or one user pool), held in memory and written whole, as the library's
 * own store did, but by one writer: changes made while a write is under way are written together by the next
 * one, and each write replaces the file atomically (see writeFileDurably). The library's store instead let
 * every change start its own unsynchronised rewrite of the file, and concurrent ones interleaved into a file
 * that no longer parsed.
 *
 * Reads return the stored objects themselves, as the library's store did and as the library relies on. A change
 * is in memory when `set` returns; `durable()` waits until every change made so far is on disk.
 */
export class DurableJsonStore implements DataStore {
  private version = 0;
  private writtenVersion = 0;
  private writing: Promise<void> | undefined;

  constructor(
    private readonly file: string,
    private state: Record<string, unknown>,
    private readonly rule: StoreRule,
  ) {}

  get<T>(_ctx: Context, key: string | string[], defaultValue?: T): Promise<T | null> {
    return Promise.resolve(this.read<T>(key) ?? defaultValue ?? null);
  }

  /** What `key` holds now, read at once (the store is in memory). */
  read<T>(key: string | string[]): T | undefined {
    let node: unknown = this.state;
    for (const part of keyPath(key)) {
      node = node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
    }
    return node as T | undefined;
  }

  getRoot<T>(): Promise<T | null> {
    return Promise.resolve(this.state as T);
  }

  set<T>(_ctx: Context, key: string | string[], value: T): Promise<void> {
    const path = keyPath(key);
    const stored = this.rule(path, value);
    const parent = this.parentOf(path, true);
    parent[path[path.length - 1] ?? ''] = stored;
    this.version += 1;
    return Promise.resolve();
  }

  delete(_ctx: Context, key: string | string[]): Promise<void> {
    const path = keyPath(key);
    const parent = this.parentOf(path, false);
    delete parent[path[path.length - 1] ?? ''];
    this.version += 1;
    return Promise.resolve();
  }

  /** Resolves once every change made before the call is on disk; rejects if writing failed. */
  async durable(): Promise<void> {
    const wanted = this.version;
    while (this.writtenVersion < wanted) {
      this.writing ??= this.writeOnce().finally(() => {
        this.writing = undefined;
      });
      await this.writing;
    }
  }

  private async writeOnce(): Promise<void> {
    const version = this.version;
    // Serialised now: changes made while the file is written wait for the next write.
    const text = JSON.stringify(this.state);
    await writeFileDurably(this.file, text);
    this.writtenVersion = Math.max(this.writtenVersion, version);
  }

  private parentOf(path: string[], create: boolean): Record<string, unknown> {
    let node = this.state;
    for (const part of path.slice(0, -1)) {
      const next = node[part];
      if (next === null || typeof next !== 'object') {
        if (!create) return {};
        node[part] = {};
      }
      node = node[part] as Record<string, unknown>;
    }
    return node;
  }
}

/** Makes the pool's stores: one `DurableJsonStore` per file, all waited on together by `durable()`. */
export class DurableJsonStoreFactory implements DataStoreFactory {
  private readonly stores = new Map<string, DurableJsonStore>();

  constructor(
    private readonly directory: string,
    private readonly rule: StoreRule = (_key, value) => value,
  ) {
    mkdirSync(directory, { recursive: true, mode: PRIVATE_DIRECTORY_MODE });
    // Temporary files of writes a crash interrupted: the file they were to replace is whole.
    for (const name of readdirSync(directory)) {
      if (name.startsWith('.') && name.endsWith('.tmp')) rmSync(join(directory, name), { force: true });
    }
  }

  async create(_ctx: Context, id: string, defaults: object): Promise<DataStore> {
    const file = join(this.directory, `${id}.json`);
    const existing = existsSync(file);
    // Copied through JSON rather than structuredClone, whose dates belong to another realm under a test
    // runner's sandbox (`instanceof Date` then fails where they are sent out).
    const state = existing
      ? readStoreFile(file)
      : (JSON.parse(JSON.stringify(defaults), reviveDates) as Record<string, unknown>);
    const store = new DurableJsonStore(file, state, this.rule);
    this.stores.set(id, store);
    if (!existing) await writeFileDurably(file, JSON.stringify(state));
    return store;
  }

  /** Every store's changes so far, on disk. */
  async durable(): Promise<void> {
    await Promise.all([...this.stores.values()].map((store) => store.durable()));
  }

  /** Every store, for a pass over all users (the password migration at start). */
  all(): DurableJsonStore[] {
    return [...this.stores.values()];
  }

  /** The store of one user pool (by its id), or of the app clients (`clients`). */
  storeOf(id: string): DurableJsonStore | undefined {
    return this.stores.get(id);
  }
}

/**
 * A damaged file stops the start with its name: starting with an empty pool instead would silently lose every
 * account (the library's store read an empty file as an empty pool).
 */
function readStoreFile(file: string): Record<string, unknown> {
  const text = readFileSync(file, 'utf8');
  try {
    const parsed = JSON.parse(text, reviveDates) as unknown;
    if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)) {
      return parsed as Record<string, unknown>;
    }
  } catch {
    // reported below
  }
  throw new Error(`The user pool's file ${file} is damaged (not a JSON object): restore it from a backup`);
}
