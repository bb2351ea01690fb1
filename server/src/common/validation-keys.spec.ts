import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { getMetadataStorage } from 'class-validator';
import { LOCALES } from '@esign/shared';

/**
 * Every `validation.*` key the API can answer has a message in each of the back office's four languages:
 * the class-validator rules of every DTO (`validation.<rule>` through the validation pipe, or the rule's own
 * `message`), the keys the services and the shared template validators write themselves, and the refusal of
 * an unknown field.
 */

const repository = join(__dirname, '..', '..', '..');

interface RuleMetadata {
  type: string;
  name?: string;
  message?: unknown;
  constraintCls?: unknown;
}

interface Storage {
  validationMetadatas: Map<unknown, RuleMetadata[]>;
  getTargetValidatorConstraints(target: unknown): { name: string }[];
}

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter(
      (entry) => entry.isFile() && /\.ts$/.test(entry.name) && !/\.(spec|api-spec)\.ts$/.test(entry.name),
    )
    .map((entry) => join(entry.parentPath, entry.name));
}

/** The server's files that declare rules; the start-up settings are checked by their own messages, not sent. */
function dtoFiles(): string[] {
  return sourceFiles(join(repository, 'server', 'src')).filter(
    (file) =>
      !file.includes(`${join('src', 'config')}`) && /from 'class-validator'/.test(readFileSync(file, 'utf8')),
  );
}

/** The keys the pipe makes of the DTOs' rules, as `fieldErrors` does. */
function ruleKeys(): Set<string> {
  const storage = getMetadataStorage() as unknown as Storage;
  const keys = new Set<string>();
  for (const rules of storage.validationMetadatas.values()) {
    for (const rule of rules) {
      const names =
        rule.type === 'customValidation'
          ? storage.getTargetValidatorConstraints(rule.constraintCls).map((constraint) => constraint.name)
          : ['nestedValidation', 'isDefined'].includes(rule.type)
            ? [rule.type]
            : [];
      for (const name of names) {
        const message = rule.message;
        keys.add(
          typeof message === 'string' && message.startsWith('validation.') ? message : `validation.${name}`,
        );
      }
    }
  }
  return keys;
}

/** Keys written as literals: services' field errors and the shared validators of templates and forms. */
function literalKeys(): Set<string> {
  const keys = new Set<string>();
  const files = [
    ...sourceFiles(join(repository, 'server', 'src')),
    ...sourceFiles(join(repository, 'packages', 'shared', 'src')),
  ];
  for (const file of files) {
    for (const match of readFileSync(file, 'utf8').matchAll(/['"`](validation\.[A-Za-z]+)['"`]/g)) {
      if (match[1]) keys.add(match[1]);
    }
  }
  return keys;
}

type Catalog = { validation: Record<string, unknown> };

async function backOfficeCatalogs(): Promise<Record<string, Catalog>> {
  const catalogs: Record<string, Catalog> = {};
  for (const locale of LOCALES) {
    // Loaded by path: the back office's sources are not part of the server's compilation.
    const module = (await import(join(repository, 'admin-web', 'src', 'i18n', `${locale}.ts`))) as Record<
      string,
      Catalog
    >;
    const catalog = module[locale];
    if (catalog) catalogs[locale] = catalog;
  }
  return catalogs;
}

describe('validation keys the API answers', () => {
  let keys: string[];
  let catalogs: Record<string, Catalog>;

  beforeAll(async () => {
    for (const file of dtoFiles()) await import(file);
    // forbidNonWhitelisted: a field no rule names is refused with this key.
    keys = [...new Set([...ruleKeys(), ...literalKeys(), 'validation.whitelistValidation'])].sort();
    catalogs = await backOfficeCatalogs();
  });

  it('finds the rules of the DTOs and the literal keys', () => {
    // The mobile's length rule, the e-mail rule and a template validator's key: proof the walk sees each source.
    expect(keys).toEqual(
      expect.arrayContaining([
        'validation.mobile',
        'validation.isEmail',
        'validation.isIn',
        'validation.nestedValidation',
        'validation.cadastralParcel',
      ]),
    );
    expect(keys.length).toBeGreaterThan(40);
  });

  it.each(LOCALES)('every key has a message in %s', (locale) => {
    const messages = catalogs[locale]?.validation ?? {};
    const missing = keys.filter((key) => {
      const message = messages[key.slice('validation.'.length)];
      return typeof message !== 'string' || message.trim() === '';
    });
    expect(missing).toEqual([]);
  });
});
