import { type TemplateField, type TemplateItem, type TemplateFormData } from '../../templates';
import { isValidPostalCodeLu } from '../../lu-validators';

export const isLuxembourg = (country: unknown): boolean =>
  typeof country === 'string' &&
  /^(lu|lux|luxembourg|grand-duché de luxembourg|luxemburg|lëtzebuerg)$/i.test(country.trim());

/**
 * Block B4: an address, its fields named `<prefix>Numero`, `<prefix>Rue`... A property or an agency is in
 * Luxembourg (postal code checked, no country asked); a person or a company may live anywhere.
 */
export function addressFields(prefix: string, where: 'luxembourg' | 'anywhere'): TemplateField[] {
  const inLuxembourg = where === 'luxembourg';
  const fields: TemplateField[] = [
    { name: `${prefix}Numero`, label: 'Numéro', type: 'text', required: true, maxLength: 20 },
    { name: `${prefix}Rue`, label: 'Rue', type: 'text', required: true, maxLength: 200 },
    { name: `${prefix}Complement`, label: "Complément d'adresse", type: 'text', required: false },
    {
      name: `${prefix}CodePostal`,
      label: 'Code postal',
      type: 'text',
      required: true,
      maxLength: 20,
      help: 'Au Luxembourg : L-1234',
      ...(inLuxembourg ? { validator: 'postal_code_lu' as const } : {}),
    },
    { name: `${prefix}Localite`, label: 'Localité', type: 'text', required: true, maxLength: 100 },
  ];
  if (!inLuxembourg) {
    fields.push({ name: `${prefix}Pays`, label: 'Pays', type: 'text', required: true, maxLength: 100 });
  }
  return fields;
}

/** A Luxembourg address needs a Luxembourg postal code; a foreign one keeps its own format. */
export function postalCodeErrors(
  scope: TemplateFormData | TemplateItem,
  prefix: string,
  path = '',
): Record<string, string> {
  const code = scope[`${prefix}CodePostal`];
  if (!isLuxembourg(scope[`${prefix}Pays`]) || typeof code !== 'string') return {};
  return isValidPostalCodeLu(code) ? {} : { [`${path}${prefix}CodePostal`]: 'validation.postalCode' };
}

/** "12, rue de l'Alzette, L-4011 Esch-sur-Alzette (Luxembourg)", leaving out what is empty. */
export function formatAddress(scope: TemplateFormData | TemplateItem, prefix: string): string {
  const part = (name: string): string => {
    const value = scope[`${prefix}${name}`];
    return typeof value === 'string' ? value : '';
  };
  const street = [part('Numero'), part('Rue')].filter(Boolean).join(', ');
  const code = part('CodePostal');
  const postal = /^\d{4}$/.test(code) ? `L-${code}` : code;
  const town = [postal, part('Localite')].filter(Boolean).join(' ');
  const country = part('Pays');
  const line = [street, part('Complement'), town].filter(Boolean).join(', ');
  return country ? `${line} (${country})` : line;
}
