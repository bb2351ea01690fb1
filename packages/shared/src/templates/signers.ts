import {
  type TemplateDefinition,
  type TemplateField,
  type TemplateFormData,
  type TemplateSigner,
} from '../templates';
import { normalizeMobile } from '../phone';
import { cleanSingleLine } from '../text';

/** Who signs a template: the parties it declares, read from the form as it stands. */

type Scope = Readonly<Record<string, unknown>>;

const text = (value: unknown): string => (typeof value === 'string' ? cleanSingleLine(value) : '');

const itemsOf = (data: Scope, name: string): Scope[] => {
  const items = data[name];
  return Array.isArray(items)
    ? items.filter((item): item is Scope => typeof item === 'object' && item !== null)
    : [];
};

/** The values of some fields joined by spaces ("prenoms", "nom" → "Élodie Marie Müller"). */
export function joinedFields(...names: string[]): (scope: Scope) => string {
  return (scope) =>
    names
      .map((name) => text(scope[name]))
      .filter(Boolean)
      .join(' ');
}

const LEGAL_PERSON = 'personne morale';

/** A party of a deed: a person signs for themselves, a company through its representative. */
export function partySigner(key: string, role: string): TemplateSigner {
  return {
    key,
    role,
    list: key,
    name: (item) =>
      item.typePersonne === LEGAL_PERSON ? text(item.representant) : joinedFields('prenoms', 'nom')(item),
    company: (item) => (item.typePersonne === LEGAL_PERSON ? text(item.nom) : ''),
    emailField: 'email',
    mobileField: 'mobile',
  };
}

export const AGENCY_ROLE = "Pour l'agence immobilière";

/** The agent who signs for the agency, with the fields of the agency block (`agentNom`...). */
export function agencySigner(role = AGENCY_ROLE): TemplateSigner {
  return {
    key: 'agence',
    role,
    name: joinedFields('agentNom'),
    company: joinedFields('agenceNom'),
    emailField: 'agentEmail',
    mobileField: 'agentMobile',
  };
}

/** A person identified by the form itself (`prenoms`, `nom`, `email`, `mobile`): a client, an agent. */
export function personSigner(key: string, role: string): TemplateSigner {
  return {
    key,
    role,
    name: joinedFields('prenoms', 'nom'),
    emailField: 'email',
    mobileField: 'mobile',
  };
}

/** Who signs an AML form for the agency: its compliance officer, with their e-mail and mobile. */
export function complianceSignerFields(): TemplateField[] {
  return [
    {
      name: 'responsable',
      label: 'Responsable de la conformité',
      type: 'text',
      required: true,
      maxLength: 200,
    },
    ...contactFields('responsable', 'du responsable de la conformité'),
  ];
}

/** The compliance officer of an AML form (`responsable`...). */
export function complianceSigner(): TemplateSigner {
  return {
    key: 'conformite',
    role: 'Le responsable de la conformité',
    name: joinedFields('responsable'),
    emailField: 'responsableEmail',
    mobileField: 'responsableMobile',
  };
}

/**
 * The e-mail address and mobile number a signatory is reached at, as form fields: `<prefix>Email` and
 * `<prefix>Mobile`, or `email` and `mobile` without a prefix.
 */
export function contactFields(prefix: string, who: string): TemplateField[] {
  const name = (suffix: string) => (prefix ? `${prefix}${suffix}` : suffix.toLowerCase());
  return [
    {
      name: name('Email'),
      label: `E-mail ${who}`,
      type: 'text',
      required: true,
      validator: 'email',
      maxLength: 254,
    },
    {
      name: name('Mobile'),
      label: `Téléphone mobile ${who}`,
      type: 'text',
      required: true,
      validator: 'mobile',
      maxLength: 32,
      help: 'Reçoit le code de signature par SMS',
    },
  ];
}

/** One person who signs, as the form names them. */
export interface TemplateSignatory {
  /** `vendeurs.0`, `agence`: the party's own key, the same each time the form is read. */
  party: string;
  role: string;
  name: string;
  /** The company the person signs for, or ''. */
  company: string;
  email: string;
  mobile: string;
  /** Where the values come from, as form data paths (`vendeurs.0.email`). */
  emailPath: string;
  mobilePath: string;
}

/** Every signatory of a filled-in template, in the deed's order: each signer, each item of a list. */
export function templateSignatories(
  definition: TemplateDefinition,
  data: TemplateFormData | Scope,
): TemplateSignatory[] {
  return definition.signers.flatMap((signer) => {
    const scopes: { scope: Scope; prefix: string; party: string }[] = signer.list
      ? itemsOf(data, signer.list).map((item, index) => ({
          scope: item,
          prefix: `${signer.list ?? ''}.${index}.`,
          party: `${signer.key}.${index}`,
        }))
      : [{ scope: data, prefix: '', party: signer.key }];
    return scopes.map(({ scope, prefix, party }) => ({
      party,
      role: signer.role,
      name: signer.name(scope),
      company: signer.company?.(scope) ?? '',
      email: text(scope[signer.emailField]),
      mobile: text(scope[signer.mobileField]),
      emailPath: `${prefix}${signer.emailField}`,
      mobilePath: `${prefix}${signer.mobileField}`,
    }));
  });
}

/**
 * Each signatory receives their one-time code on their own mobile: two parties typed with one number are
 * refused on the later one, where the form asks it (the e-mail address may be shared, as couples do).
 */
export function signatoryContactErrors(
  definition: TemplateDefinition,
  data: TemplateFormData | Scope,
): Record<string, string> {
  const errors: Record<string, string> = {};
  const seen = new Set<string>();
  for (const signatory of templateSignatories(definition, data)) {
    const mobile = normalizeMobile(signatory.mobile);
    if (!mobile) continue;
    if (seen.has(mobile)) errors[signatory.mobilePath] = 'validation.duplicateMobile';
    seen.add(mobile);
  }
  return errors;
}

/** What the signature area of a signatory is captioned with: "Vendeur : Élodie Marie Müller-Schäfer". */
export function signatoryCaption(signatory: Pick<TemplateSignatory, 'role' | 'name' | 'company'>): string {
  const name = signatory.company ? `${signatory.name}, pour ${signatory.company}` : signatory.name;
  return name ? `${signatory.role} : ${name}` : signatory.role;
}
