import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeFileDurablySync } from '../../common/durable-files';
import { loadOrCreateSigningKey } from './installation-signing-key';

describe('the installation signing key', () => {
  let directory: string;
  let file: string;
  let legacy: string;

  beforeEach(() => {
    directory = mkdtempSync(join(tmpdir(), 'signing-key-'));
    file = join(directory, 'secrets', 'installation-signing-key.json');
    legacy = join(directory, 'cognito', 'installation-signing-key.json');
    mkdirSync(join(directory, 'cognito'));
  });

  afterEach(() => {
    rmSync(directory, { recursive: true, force: true });
  });

  it('is made once, readable by its owner only, and the same at every start', () => {
    const made = loadOrCreateSigningKey(file, legacy);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadOrCreateSigningKey(file, legacy).kid).toBe(made.kid);
  });

  it('moves from where earlier versions kept it, among the pool files', () => {
    const earlier = loadOrCreateSigningKey(join(directory, 'elsewhere.json'));
    writeFileSync(legacy, readFileSync(join(directory, 'elsewhere.json')));
    expect(loadOrCreateSigningKey(file, legacy).kid).toBe(earlier.kid);
    expect(existsSync(legacy)).toBe(false);
  });

  it('is made anew where a crash left an empty file, and never replaced when it is damaged', () => {
    writeFileSync(legacy, '');
    expect(loadOrCreateSigningKey(file, legacy).kid).toMatch(/-/);
    writeFileSync(file, '{"kid": "x", "privateKeyPem": "not a key"}');
    expect(() => loadOrCreateSigningKey(file, legacy)).toThrow(/is damaged/);
    expect(readFileSync(file, 'utf8')).toContain('not a key');
  });

  it('is never written empty', () => {
    expect(() => writeFileDurablySync(file, '')).toThrow(/Refusing to write an empty/);
  });
});
