import { type TemplateType } from './signatures';

/**
 * A certified template is described once, here, so the back office renders its form and the server
 * validates the data and lays out the PDF from the same definition. Labels are French (the templates are
 * French-language documents); the form's chrome is translated by the front end.
 */
export type TemplateFieldType =
  'text' | 'textarea' | 'date' | 'enum' | 'money' | 'percent' | 'int' | 'decimal' | 'bool';

/**
 * Shared validators; the checks themselves are in lu-validators.ts. `vat_lu` and `rcs_lu`
 * are the rules the member's profile applies too (`isValidVatNumber`, `isValidRcsLu`).
 */
export type TemplateValidator =
  'matricule_lu' | 'postal_code_lu' | 'vat_lu' | 'rcs_lu' | 'iban' | 'email' | 'mobile' | 'cadastre_parcel';

export type TemplateScalar = string | number | boolean;

/**
 * Holds when `field` has one of the values in `in`. The field is looked up in the same repeated item first,
 * then among the form's own fields, then among the definition's computed values (e.g. the risk level).
 */
export interface TemplateCondition {
  field: string;
  in: readonly TemplateScalar[];
}

export interface TemplateField {
  /** Key in the form data (unique within its section's scope: the form, or one repeated item). */
  name: string;
  label: string;
  type: TemplateFieldType;
  required: boolean;
  /** For `enum`: the allowed values (also their French labels). */
  options?: readonly string[];
  /** A shared validator to apply, e.g. `matricule_lu`, `postal_code_lu`, `vat_lu`. */
  validator?: TemplateValidator;
  maxLength?: number;
  /** Short help shown under the field. */
  help?: string;
  /** Required only when this holds (the guide's "C" fields); such fields have `required: false`. */
  requiredWhen?: TemplateCondition;
  /** Asked only when this holds; otherwise the field is ignored and stored empty. */
  visibleWhen?: TemplateCondition;
}

/** A group filled in once per party, owner, parcel or lot. */
export interface TemplateRepeat {
  /** Key of the list in the form data: `formData.<name>.<index>.<field>`. */
  name: string;
  /** What one item is called ("Vendeur"); items print as "Vendeur 1", "Vendeur 2"... */
  itemLabel: string;
  min: number;
  max: number;
  /** Each item is a party to the deed: printed first, as the parties (who signs is in `signers`). */
  signs?: boolean;
}

export interface TemplateSection {
  title: string;
  fields: readonly TemplateField[];
  /** Present for a repeatable group; absent, the section's fields are the form's own. */
  repeat?: TemplateRepeat;
  /** Fixed wording printed at the start of the section (an article's clause). */
  clause?: string;
}

export type TemplateValue = string | number | boolean | null | undefined;

/** A party who signs a template, and where the form keeps who they are. */
export interface TemplateSigner {
  /** The party's key: its list's name for a repeated party (each item signs), else a name of its own. */
  key: string;
  /** Printed under the signature and shown beside the signatory: "Vendeur", "Pour l'agence immobilière". */
  role: string;
  /** A repeated group each of whose items is a signatory; absent, the form's own fields. */
  list?: string;
  /** The name of the person who signs, from the item (or the form). */
  name: (scope: Readonly<Record<string, unknown>>) => string;
  /** The company the person signs for, when the party is one. */
  company?: (scope: Readonly<Record<string, unknown>>) => string;
  /** The fields the signatory's e-mail address and mobile number are typed in. */
  emailField: string;
  mobileField: string;
}
export type TemplateItem = Record<string, TemplateValue>;
export type TemplateFormData = Record<string, TemplateValue | TemplateItem[]>;

export interface TemplateDefinition {
  type: TemplateType;
  /** The document's French title, printed on the PDF and proposed as the request's title. */
  title: string;
  sections: readonly TemplateSection[];
  /** `contract`: printed as numbered articles between parties; `form` (the default): a filled-in form. */
  layout?: 'form' | 'contract';
  /**
   * Who signs, in the deed's order: each signer is one signatory, or one per item of its list. The document
   * frames one signature area per signatory, captioned with the role and the name.
   */
  signers: readonly TemplateSigner[];
  /**
   * The agency is an intermediary, no party to the deed (a sales agreement): its own box, after the
   * signature areas, names it and the agent in charge. No one signs in it.
   */
  agencyBox?: boolean;
  /** A complete, valid form filling every field: the front end's sample and the tests' reference. */
  example?: TemplateFormData;
  /** Values worked out from the answers (e.g. the AML risk level) that conditions may name. */
  computed?: (data: TemplateFormData) => Record<string, TemplateScalar>;
  /** The rules between fields that conditions cannot say; error keys by field path. */
  rules?: (data: TemplateFormData, today: string) => Record<string, string>;
}
