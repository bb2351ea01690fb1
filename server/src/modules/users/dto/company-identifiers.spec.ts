import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import {
  TEMPLATE_DEFINITIONS,
  validateTemplateData,
  type TemplateDefinition,
  type TemplateField,
  type TemplateValidator,
} from '@esign/shared';
import { CompanyDto } from './user-input.dto';

/**
 * The member's profile and the templates' agency blocks read the same VAT and RCS numbers (the wizard
 * copies one into the other): every value one accepts, the other accepts, and so does every template field
 * of that kind. Compared over valid numbers, near misses and noise, each run by the real validators.
 */

function profileAccepts(field: 'vatNumber' | 'registrationNumber', value: string): boolean {
  const company = plainToInstance(CompanyDto, { [field]: value });
  return validateSync(company).length === 0;
}

interface FieldSite {
  definition: TemplateDefinition;
  field: TemplateField;
  /** Where the field sits in the form data: `agenceTva`, or `vendeurs.0.rcs`. */
  path: string[];
}

/** Every template field checked by `validator`, in a scope where it is asked. */
function fieldsCheckedBy(validator: TemplateValidator): FieldSite[] {
  return Object.values(TEMPLATE_DEFINITIONS).flatMap((definition) =>
    definition.sections.flatMap((section) =>
      section.fields
        .filter((field) => field.validator === validator)
        .map((field) => ({
          definition,
          field,
          path: section.repeat ? [section.repeat.name, '0', field.name] : [field.name],
        })),
    ),
  );
}

/** The template's own example with `value` in the field (and the item made one that asks it). */
function templateAccepts(site: FieldSite, value: string): boolean {
  const data = structuredClone(site.definition.example ?? {}) as Record<string, unknown>;
  const [first, index, name] = site.path;
  if (index === undefined || name === undefined) {
    data[first as string] = value;
  } else {
    const items = (data[first as string] as Record<string, unknown>[] | undefined) ?? [{}];
    const item = { ...items[0] };
    // A party's RCS number is asked of a company only.
    if ('typePersonne' in item) item.typePersonne = 'personne morale';
    item[name] = value;
    data[first as string] = [item, ...items.slice(1)];
  }
  const errors = validateTemplateData(site.definition, data, '2026-03-01');
  return errors[site.path.join('.')] === undefined;
}

function vatCandidates(): string[] {
  const valid: string[] = [];
  for (let base = 100_000; base < 1_000_000; base += 37_813) {
    const check = String(base % 89).padStart(2, '0');
    valid.push(`LU${base}${check}`);
  }
  const formatted = valid.flatMap((vat) => [
    vat.toLowerCase(),
    `${vat.slice(0, 2)} ${vat.slice(2, 5)} ${vat.slice(5, 8)} ${vat.slice(8)}`,
    `${vat.slice(0, 2)}.${vat.slice(2, 5)}.${vat.slice(5)}`,
    `${vat.slice(0, 2)}-${vat.slice(2)}`,
  ]);
  const nearMisses = valid.flatMap((vat) => [
    `${vat.slice(0, -1)}${(Number(vat.at(-1)) + 1) % 10}`,
    vat.slice(0, -1),
    `${vat}0`,
    `LX${vat.slice(2)}`,
  ]);
  const foreign = ['FR40303265045', 'DE136695976', 'BE0403170701', 'EL094259216', 'NL004495445B01'];
  const noise = ['LU12345678', 'XX12345678', 'US123456789', 'LU', '12345678', 'LU1234567A', '*', 'FR1'];
  return [
    ...valid,
    ...formatted,
    ...nearMisses,
    ...foreign,
    ...noise,
    ...randomStrings('LU0123456789 .-FRX'),
  ];
}

function rcsCandidates(): string[] {
  // From one digit to six, the most a Luxembourg register number has.
  const digits = Array.from({ length: 40 }, (_, index) => String(1 + index * 7919));
  const valid = digits.flatMap((number) => [
    `B${number}`,
    `b ${number}`,
    `B ${number.replace(/(\d{3})$/, '.$1')}`,
  ]);
  const noise = ['B1234567', '278900', 'BB123', 'B', 'B-123456', 'B 12 345 678', 'Z1', 'É123'];
  return [...valid, ...noise, ...randomStrings('AB0123456789 .-')];
}

/** Strings of up to 12 characters over `alphabet`, from a fixed seed: the same every run. */
function randomStrings(alphabet: string, count = 400): string[] {
  let seed = 20_260_301;
  const next = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed;
  };
  return Array.from({ length: count }, () =>
    Array.from({ length: 1 + (next() % 12) }, () => alphabet[next() % alphabet.length]).join(''),
  ).filter((value) => value.trim() !== '');
}

describe.each([
  ['VAT', 'vatNumber', 'vat_lu', vatCandidates()],
  ['RCS', 'registrationNumber', 'rcs_lu', rcsCandidates()],
] as const)('one %s rule for the profile and the templates', (_kind, profileField, validator, candidates) => {
  const sites = fieldsCheckedBy(validator);

  it('has template fields to compare with, the agency blocks among them', () => {
    const agencyField = validator === 'vat_lu' ? 'agenceTva' : 'agenceRcs';
    expect(sites.filter((site) => site.field.name === agencyField).length).toBeGreaterThanOrEqual(4);
  });

  it('accepts in every template exactly what the profile accepts', () => {
    const accepted = candidates.filter((value) => profileAccepts(profileField, value));
    const refused = candidates.filter((value) => !profileAccepts(profileField, value));
    // Both kinds are well represented, so agreement is not agreement on everything or nothing.
    expect(accepted.length).toBeGreaterThan(40);
    expect(refused.length).toBeGreaterThan(40);
    const disagreements = sites.flatMap((site) =>
      candidates
        .filter((value) => templateAccepts(site, value) !== profileAccepts(profileField, value))
        .map((value) => `${site.definition.type}.${site.path.join('.')}: ${JSON.stringify(value)}`),
    );
    expect(disagreements).toEqual([]);
  });
});

it('refuses the VAT number whose check digits are wrong, in the profile as in the templates', () => {
  expect(profileAccepts('vatNumber', 'LU12345678')).toBe(false);
  expect(profileAccepts('vatNumber', 'LU15027442')).toBe(true);
  expect(profileAccepts('vatNumber', 'lu 150 274 42')).toBe(true);
});
