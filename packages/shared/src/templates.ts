import { type TemplateType } from './signatures';

/**
 * A certified template is described once, here, so the back office renders its form and the server
 * validates the data and lays out the PDF from the same definition. Labels are French (the templates are
 * French-language documents); the form's chrome is translated by the front end.
 */
export type TemplateFieldType = 'text' | 'textarea' | 'date' | 'enum' | 'money' | 'percent' | 'int' | 'bool';

export interface TemplateField {
  /** Key in the form data (unique within the template). */
  name: string;
  label: string;
  type: TemplateFieldType;
  required: boolean;
  /** For `enum`: the allowed values (also their French labels). */
  options?: readonly string[];
  /** A shared validator to apply (see validators.ts), e.g. `matricule_lu`, `postal_code_lu`, `vat_lu`. */
  validator?: 'matricule_lu' | 'postal_code_lu' | 'vat_lu' | 'rcs_lu' | 'iban' | 'email';
  maxLength?: number;
  /** Short help shown under the field. */
  help?: string;
}

export interface TemplateSection {
  title: string;
  fields: readonly TemplateField[];
}

export interface TemplateDefinition {
  type: TemplateType;
  /** The document's French title, printed on the PDF and proposed as the request's title. */
  title: string;
  sections: readonly TemplateSection[];
}

export type TemplateFormData = Record<string, string | number | boolean | null | undefined>;
