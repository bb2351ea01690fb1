/**
 * A form laid out as text, ready to print: everything is already formatted (dates, amounts, yes/no), so the
 * renderer knows nothing about templates and any definition prints the same way.
 */
export interface PrintableDocument {
  /** Printed at the top of every page: who issues the form. */
  issuer: string;
  title: string;
  /** A line under the title, e.g. the date the form was drawn up. */
  subtitle: string;
  /** BCP 47 tag of the text, recorded in the file for screen readers. */
  language: string;
  sections: PrintableSection[];
  /** One box each in the closing signature block. */
  signatureLabels: string[];
}

export interface PrintableSection {
  title: string;
  rows: { label: string; value: string }[];
}
