import fontkit from '@cantoo/fontkit';
import { PDFDocument, type PDFFont, type PDFPage } from '@cantoo/pdf-lib';
import {
  CONTENT_WIDTH,
  type Fonts,
  MARGIN,
  MUTED,
  PAGE_SIZE,
  PageWriter,
  RULE,
  type TextStyle,
  type FontFiles,
  wrapText,
} from '@esign/pdf-signing';
import { fillIn } from './statement-texts';
import { type StatementDocument } from './statement-document';

const SIZE = { title: 16, name: 10, body: 9, label: 8, head: 7, small: 8 } as const;
const LINE = { title: 20, body: 12, head: 9 } as const;
const CELL_PADDING = 4;
const MIN_FIGURE_SIZE = 6;
/** Item, quantity, unit price, net, VAT rate, VAT, gross: the widths add up to the content width. */
const WIDTHS = [CONTENT_WIDTH - 324, 44, 56, 56, 50, 54, 64];
const COLUMN_X = WIDTHS.map((_, index) => MARGIN.left + WIDTHS.slice(0, index).reduce((a, b) => a + b, 0));
const RIGHT_EDGE = PAGE_SIZE.width - MARGIN.right;

function drawPageHeader(page: PDFPage, content: StatementDocument, fonts: Fonts): void {
  const top = PAGE_SIZE.height - 40;
  const style = { size: SIZE.small, font: fonts.bold, color: MUTED };
  page.drawText(content.issuer, { x: MARGIN.left, y: top, ...style });
  const room = CONTENT_WIDTH - fonts.bold.widthOfTextAtSize(content.issuer, SIZE.small) - 24;
  const [member = ''] = wrapText(content.recipient.name, fonts.bold, SIZE.small, room);
  const x = RIGHT_EDGE - fonts.bold.widthOfTextAtSize(member, SIZE.small);
  page.drawText(member, { x, y: top, ...style });
  page.drawLine({
    start: { x: MARGIN.left, y: top - 8 },
    end: { x: RIGHT_EDGE, y: top - 8 },
    thickness: 0.5,
    color: RULE,
  });
}

/** Lines of text from the cursor down, each wrapped to `width`; returns their height (the cursor stays). */
function drawLines(writer: PageWriter, lines: string[], x: number, width: number, style: TextStyle): number {
  const wrapped = lines.flatMap((line) => wrapText(line, style.font, style.size, width));
  wrapped.forEach((line, index) => writer.text(line, x, style, writer.y - index * LINE.body));
  return wrapped.length * LINE.body;
}

function drawTitle(writer: PageWriter, content: StatementDocument, fonts: Fonts): void {
  for (const line of wrapText(content.title, fonts.bold, SIZE.title, CONTENT_WIDTH)) {
    writer.text(line, MARGIN.left, { font: fonts.bold, size: SIZE.title });
    writer.advance(LINE.title);
  }
  writer.advance(2);
  const style = { font: fonts.regular, size: SIZE.body, color: MUTED };
  writer.advance(drawLines(writer, [content.period, content.issuedOn], MARGIN.left, CONTENT_WIDTH, style));
  writer.advance(14);
}

/** The chamber on the left, the member's company and address on the right. */
function drawParties(writer: PageWriter, content: StatementDocument, fonts: Fonts): void {
  const half = (CONTENT_WIDTH - 24) / 2;
  const right = MARGIN.left + half + 24;
  const label = { font: fonts.regular, size: SIZE.label, color: MUTED };
  const name = { font: fonts.bold, size: SIZE.name };
  const body = { font: fonts.regular, size: SIZE.body };
  writer.text(content.issuerLabel, MARGIN.left, label);
  writer.text(content.recipientLabel, right, label);
  writer.advance(LINE.body);
  const issuerHeight = drawLines(writer, [content.issuer], MARGIN.left, half, name);
  const nameHeight = drawLines(writer, [content.recipient.name], right, half, name);
  writer.advance(nameHeight);
  const detailsHeight = drawLines(writer, content.recipient.details, right, half, body);
  writer.advance(Math.max(issuerHeight - nameHeight, detailsHeight) + 18);
}

/** A figure right-aligned in its column, made smaller rather than overflowing into the next one. */
function drawFigure(writer: PageWriter, value: string, column: number, font: PDFFont, top: number): void {
  const room = (WIDTHS[column] ?? 0) - CELL_PADDING;
  let size: number = SIZE.body;
  while (size > MIN_FIGURE_SIZE && font.widthOfTextAtSize(value, size) > room) size -= 0.5;
  const x = (COLUMN_X[column] ?? 0) + (WIDTHS[column] ?? 0) - font.widthOfTextAtSize(value, size);
  writer.text(value, x, { font, size }, top + (size - SIZE.body) * 0.8);
}

function drawColumnHeads(writer: PageWriter, content: StatementDocument, fonts: Fonts): void {
  const style = { font: fonts.bold, size: SIZE.head };
  const cells = content.columns.map((title, column) =>
    wrapText(title, fonts.bold, SIZE.head, (WIDTHS[column] ?? 0) - CELL_PADDING),
  );
  const height = Math.max(...cells.map((lines) => lines.length)) * LINE.head + 6;
  cells.forEach((lines, column) =>
    lines.forEach((line, index) => {
      const width = fonts.bold.widthOfTextAtSize(line, SIZE.head);
      const x = column === 0 ? MARGIN.left : (COLUMN_X[column] ?? 0) + (WIDTHS[column] ?? 0) - width;
      writer.text(line, x, style, writer.y - index * LINE.head);
    }),
  );
  writer.advance(height);
  writer.rule(writer.y, MUTED);
  writer.advance(4);
}

/** One line per row; a row never splits, and the column heads are repeated on each new page. */
function drawTable(writer: PageWriter, content: StatementDocument, fonts: Fonts): void {
  drawColumnHeads(writer, content, fonts);
  for (const row of content.rows) {
    const items = wrapText(row[0] ?? '', fonts.regular, SIZE.body, (WIDTHS[0] ?? 0) - CELL_PADDING);
    const height = items.length * LINE.body + 6;
    const page = writer.page;
    writer.ensure(height);
    if (writer.page !== page) drawColumnHeads(writer, content, fonts);
    items.forEach((line, index) =>
      writer.text(line, MARGIN.left, { font: fonts.regular, size: SIZE.body }, writer.y - index * LINE.body),
    );
    row.slice(1).forEach((value, index) => drawFigure(writer, value, index + 1, fonts.regular, writer.y));
    writer.advance(height);
    writer.rule(writer.y + 2);
  }
}

/** Net, VAT and gross under the amount column, labels right-aligned before it; kept on one page. */
function drawTotals(writer: PageWriter, content: StatementDocument, fonts: Fonts): void {
  writer.advance(6);
  writer.ensure(content.totals.length * (LINE.body + 4));
  const labelRight = (COLUMN_X[6] ?? 0) - 12;
  for (const total of content.totals) {
    const font = total.strong ? fonts.bold : fonts.regular;
    const x = labelRight - font.widthOfTextAtSize(total.label, SIZE.body);
    writer.text(total.label, x, { font, size: SIZE.body });
    drawFigure(writer, total.value, 6, font, writer.y);
    writer.advance(LINE.body + 4);
  }
}

function drawNote(writer: PageWriter, text: string, fonts: Fonts): void {
  writer.advance(12);
  const style = { font: fonts.regular, size: SIZE.small, color: MUTED };
  for (const line of wrapText(text, fonts.regular, SIZE.small, CONTENT_WIDTH)) {
    writer.ensure(LINE.body);
    writer.text(line, MARGIN.left, style);
    writer.advance(LINE.body);
  }
}

function drawFooters(document: PDFDocument, content: StatementDocument, fonts: Fonts): void {
  const pages = document.getPages();
  const footer = `${content.title} · ${content.period}`;
  const [left = ''] = wrapText(footer, fonts.regular, SIZE.small, CONTENT_WIDTH - 90);
  const style = { size: SIZE.small, font: fonts.regular, color: MUTED };
  pages.forEach((page, index) => {
    const number = fillIn(content.pageLabel, { page: index + 1, pages: pages.length });
    const y = MARGIN.bottom - 32;
    page.drawText(left, { x: MARGIN.left, y, ...style });
    const x = RIGHT_EDGE - fonts.regular.widthOfTextAtSize(number, SIZE.small);
    page.drawText(number, { x, y, ...style });
  });
}

/**
 * Lays a monthly statement out on A4 with the documents module's page writer and DejaVu fonts (embedded as
 * subsets, so any Latin, Greek or Cyrillic company name prints as typed): the chamber and the member on
 * every page, the period, one row per charge, the totals, and "page n / N" in the member's language.
 */
export async function renderStatementPdf(
  content: StatementDocument,
  fontFiles: FontFiles,
): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  document.registerFontkit(fontkit);
  const fonts: Fonts = {
    regular: await document.embedFont(fontFiles.regular, { subset: true }),
    bold: await document.embedFont(fontFiles.bold, { subset: true }),
  };
  const writer = new PageWriter(document, (page) => drawPageHeader(page, content, fonts));
  drawTitle(writer, content, fonts);
  drawParties(writer, content, fonts);
  if (content.rows.length === 0) {
    writer.text(content.empty, MARGIN.left, { font: fonts.regular, size: SIZE.body });
    writer.advance(LINE.body);
  } else {
    drawTable(writer, content, fonts);
  }
  drawTotals(writer, content, fonts);
  drawNote(writer, content.note, fonts);
  drawFooters(document, content, fonts);
  document.setTitle(`${content.title} — ${content.recipient.name}`, { showInWindowTitleBar: true });
  document.setAuthor(content.issuer);
  document.setLanguage(content.language);
  return document.save();
}
