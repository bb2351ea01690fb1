/**
 * A form laid out as text, ready to print: everything is already formatted (dates, amounts, yes/no), so the
 * renderer knows nothing about templates and any definition prints the same way.
 */
export interface PrintableDocument {
  /** Printed at the top of every page: who issues the form. */
  issuer: string;
  /** The member agency the document is drawn up by, printed in the header of every page when known. */
  member?: MemberLetterhead;
  title: string;
  /** A line under the title, e.g. the date the form was drawn up. */
  subtitle: string;
  /** BCP 47 tag of the text, recorded in the file for screen readers. */
  language: string;
  sections: PrintableSection[];
  /** A line above the signatures, e.g. "Fait à Luxembourg, le 12 mars 2026." */
  closing?: string;
  /** One signature frame per signatory, in the deed's order: the party it is for, and its caption. */
  signatures: { party: string; caption: string }[];
  /** A box no one signs in, after the frames: the agency, when it is no party to the deed. */
  agencyBox?: { caption: string; lines: string[] };
}

export interface PrintableSection {
  title: string;
  /** Running text across the full width, before the rows: an article's clauses, the parties. */
  paragraphs?: string[];
  rows: { label: string; value: string }[];
}

/** The member agency's header: its logo, name and company details, as on its letter paper. */
export interface MemberLetterhead {
  name: string;
  /** Address, then registration details (RCS, VAT), one short line each. */
  lines: string[];
  /** The logo as the account stores it: a PNG at most 210 wide or 190 high. */
  logoPng?: Uint8Array;
}
