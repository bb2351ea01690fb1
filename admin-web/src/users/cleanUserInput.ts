import { cleanSingleLine } from '@esign/shared';

const clean = (value: unknown): unknown => (typeof value === 'string' ? cleanSingleLine(value) : value);

function cleanFields(record: unknown, names: readonly string[]): unknown {
  if (typeof record !== 'object' || record === null || Array.isArray(record)) return record;
  const copy: Record<string, unknown> = { ...(record as Record<string, unknown>) };
  for (const name of names) if (name in copy) copy[name] = clean(copy[name]);
  return copy;
}

/**
 * A user's name, address and company name as the server will keep them (one line, no direction controls),
 * so the form shows after saving exactly what it sent.
 */
export function cleanUserInput<T>(data: T): T {
  const user = cleanFields(data, ['name']) as Record<string, unknown>;
  const info = user.additionalInfo as Record<string, unknown> | undefined | null;
  if (typeof info !== 'object' || info === null) return user as T;
  return {
    ...user,
    additionalInfo: {
      ...info,
      ...('address' in info
        ? {
            address: cleanFields(info.address, [
              'addressLine1',
              'addressLine2',
              'city',
              'country',
              'stateOrRegion',
            ]),
          }
        : {}),
      ...('company' in info ? { company: cleanFields(info.company, ['name']) } : {}),
    },
  } as T;
}
