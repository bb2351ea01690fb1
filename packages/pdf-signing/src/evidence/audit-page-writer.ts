import { GENERATED_PAGE_SIZE } from '@esign/shared';
import { type IncrementalUpdate, dict, name, type PdfRef } from '../pades';
import { BOLD, PageFonts, REGULAR, type TextStyle } from '../layout/page-text';

/** One element of the audit pages, laid out and drawn by the worker. */
export type AuditBlock =
  | { kind: 'title'; text: string }
  | { kind: 'heading'; text: string }
  | { kind: 'subheading'; text: string }
  | { kind: 'field'; label: string; value: string }
  | { kind: 'paragraph'; text: string };

/** The audit pages' content in the request's language: plain data, so it can cross to a worker thread. */
export interface AuditDocument {
  blocks: AuditBlock[];
  /** With the placeholders {page} and {pages}. */
  pageFooter: string;
}

/** A4 portrait, in points: the size of every page the product prints. */
export const AUDIT_PAGE = GENERATED_PAGE_SIZE;
const MARGIN = { left: 56, right: 56, top: 64, bottom: 64 };
const CONTENT_WIDTH = AUDIT_PAGE.width - MARGIN.left - MARGIN.right;
const LABEL_WIDTH = 140;
const COLUMN_GAP = 10;
const LEADING = 1.35;

const STYLES = {
  title: { faces: [BOLD, REGULAR], size: 16 },
  heading: { faces: [BOLD, REGULAR], size: 12 },
  subheading: { faces: [BOLD, REGULAR], size: 10 },
  label: { faces: [BOLD, REGULAR], size: 8 },
  value: { faces: [REGULAR], size: 8 },
  paragraph: { faces: [REGULAR], size: 9 },
  footer: { faces: [REGULAR], size: 7.5 },
} satisfies Record<string, TextStyle>;

/** Space above each kind of block, in points. */
const SPACE_BEFORE: Record<AuditBlock['kind'], number> = {
  title: 0,
  heading: 14,
  subheading: 8,
  field: 1,
  paragraph: 6,
};

/** Lays the audit document out on as many pages as it takes; each page is a list of operators. */
class AuditLayout {
  readonly pages: string[][] = [[]];
  private y = AUDIT_PAGE.height - MARGIN.top;

  constructor(private readonly fonts: PageFonts) {}

  add(block: AuditBlock): void {
    this.y -= SPACE_BEFORE[block.kind];
    switch (block.kind) {
      case 'title':
      case 'heading':
      case 'subheading':
        this.flow(block.text, STYLES[block.kind], true);
        return;
      case 'paragraph':
        this.flow(block.text, STYLES.paragraph, false);
        return;
      case 'field':
        this.field(block.label, block.value);
        return;
    }
  }

  /** Lines of one style across the full width; a heading is kept with what follows it. */
  private flow(text: string, style: TextStyle, keepWithNext: boolean): void {
    const lines = this.fonts.wrap(text, style, CONTENT_WIDTH);
    const height = style.size * LEADING;
    if (keepWithNext) this.reserve(height * (lines.length + 2));
    for (const line of lines) {
      this.reserve(height);
      this.y -= height;
      this.current().push(
        this.fonts.drawLine(line, style, MARGIN.left, this.y + baseline(style), CONTENT_WIDTH),
      );
    }
  }

  /** A label in the left column and its value, wrapped, in the right one. */
  private field(label: string, value: string): void {
    const valueWidth = CONTENT_WIDTH - LABEL_WIDTH - COLUMN_GAP;
    const labels = this.fonts.wrap(label, STYLES.label, LABEL_WIDTH);
    const values = this.fonts.wrap(value, STYLES.value, valueWidth);
    const height = STYLES.value.size * LEADING;
    this.reserve(height * Math.min(Math.max(labels.length, values.length), 4));
    for (let row = 0; row < Math.max(labels.length, values.length); row += 1) {
      this.reserve(height);
      this.y -= height;
      const labelLine = labels[row];
      const valueLine = values[row];
      const y = this.y + baseline(STYLES.value);
      if (labelLine)
        this.current().push(this.fonts.drawLine(labelLine, STYLES.label, MARGIN.left, y, LABEL_WIDTH));
      if (valueLine) {
        const x = MARGIN.left + LABEL_WIDTH + COLUMN_GAP;
        this.current().push(this.fonts.drawLine(valueLine, STYLES.value, x, y, valueWidth));
      }
    }
  }

  private reserve(height: number): void {
    if (this.y - height >= MARGIN.bottom) return;
    this.pages.push([]);
    this.y = AUDIT_PAGE.height - MARGIN.top;
  }

  private current(): string[] {
    const page = this.pages[this.pages.length - 1];
    if (!page) throw new Error('no page to draw on');
    return page;
  }
}

function baseline(style: TextStyle): number {
  return style.size * (LEADING - 1) * 0.5 + style.size * 0.22;
}

/**
 * Writes the audit pages into `update` as new page objects (children of `pagesRoot`), with DejaVu
 * subsets shared by all of them. Returns the new pages, in order, for the caller to add to the page tree.
 */
export function writeAuditPages(
  update: IncrementalUpdate,
  document: AuditDocument,
  pagesRoot: PdfRef,
  fonts = new PageFonts(),
): PdfRef[] {
  const layout = new AuditLayout(fonts);
  for (const block of document.blocks) layout.add(block);
  const total = layout.pages.length;
  layout.pages.forEach((operators, index) => {
    const footer = document.pageFooter.replace('{page}', String(index + 1)).replace('{pages}', String(total));
    operators.push(
      fonts.drawLine(footer, STYLES.footer, MARGIN.left, MARGIN.bottom / 2, CONTENT_WIDTH, true),
    );
  });
  const fontResources = fonts.write(update);
  const box = [0, 0, AUDIT_PAGE.width, AUDIT_PAGE.height];
  return layout.pages.map((operators) => {
    // Only ASCII: glyphs are hexadecimal CIDs and strings hexadecimal UTF-16.
    const contents = update.addStream(dict({}), Buffer.from(operators.join('\n'), 'latin1'));
    // Rotate, CropBox and Resources are inheritable: set here, so nothing of the original tree applies.
    return update.add(
      dict({
        Type: name('Page'),
        Parent: pagesRoot,
        MediaBox: box,
        CropBox: box,
        Rotate: 0,
        Resources: dict({ Font: fontResources }),
        Contents: contents,
      }),
    );
  });
}
