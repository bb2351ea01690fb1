import fontkit from '@cantoo/fontkit';
import { PDFDocument, rgb, type PDFImage, type PDFPage } from '@cantoo/pdf-lib';
import {
  CONTENT_WIDTH,
  MARGIN,
  MUTED,
  PAGE_SIZE,
  PageWriter,
  RULE,
  type Fonts,
  sealBoxSize,
  signatureBoxSize,
  type Rectangle,
  type FontFiles,
  wrapText,
} from '@esign/pdf-signing';
import { type MemberLetterhead, type PrintableDocument, type PrintableSection } from './printable-document';
import { type SignatureLayout } from '@esign/shared';

const SIZE = { title: 16, heading: 11, body: 10, label: 9, small: 8 } as const;
const LINE = { title: 20, heading: 15, row: 13 } as const;
const LABEL_WIDTH = 180;
const COLUMN_GAP = 14;
const VALUE_X = MARGIN.left + LABEL_WIDTH + COLUMN_GAP;
const VALUE_WIDTH = CONTENT_WIDTH - LABEL_WIDTH - COLUMN_GAP;
const ROW_PADDING = 4;
const SECTION_FILL = rgb(0.93, 0.94, 0.96);

const HEADER = {
  /** Top of the first header line, and where the rule under the header runs. */
  top: PAGE_SIZE.height - 28,
  rule: PAGE_SIZE.height - 60,
  logo: { maxWidth: 120, maxHeight: 32 },
  detailSize: 7,
} as const;

interface Letterhead {
  member: MemberLetterhead;
  logo?: { image: PDFImage; width: number; height: number };
}

/** The chamber alone, on one line over the rule: documents drawn up without a member's details. */
function drawIssuerLine(page: PDFPage, issuer: string, fonts: Fonts): void {
  const top = PAGE_SIZE.height - 40;
  page.drawText(issuer, { x: MARGIN.left, y: top, size: SIZE.small, font: fonts.bold, color: MUTED });
  page.drawLine({
    start: { x: MARGIN.left, y: top - 8 },
    end: { x: PAGE_SIZE.width - MARGIN.right, y: top - 8 },
    thickness: 0.5,
    color: RULE,
  });
}

/**
 * The member's letterhead: logo, then name and company details at the left; the chamber whose template
 * this is at the right. Every line is cut to its column, so a long name never runs into the other one.
 */
function drawLetterhead(page: PDFPage, issuer: string, letterhead: Letterhead, fonts: Fonts): void {
  const { member, logo } = letterhead;
  const baseline = (top: number, size: number) => top - size * 0.8;
  if (logo) {
    page.drawImage(logo.image, {
      x: MARGIN.left,
      y: HEADER.rule + 6,
      width: logo.width,
      height: logo.height,
    });
  }
  const textX = MARGIN.left + (logo ? logo.width + 10 : 0);
  const issuerWidth = CONTENT_WIDTH * 0.36;
  const memberWidth = PAGE_SIZE.width - MARGIN.right - issuerWidth - 16 - textX;
  const [name = ''] = wrapText(member.name, fonts.bold, SIZE.label, memberWidth);
  page.drawText(name, { x: textX, y: baseline(HEADER.top, SIZE.label), size: SIZE.label, font: fonts.bold });
  member.lines.slice(0, 2).forEach((line, index) => {
    const [cut = ''] = wrapText(line, fonts.regular, HEADER.detailSize, memberWidth);
    const top = HEADER.top - 12 - index * 9;
    page.drawText(cut, {
      x: textX,
      y: baseline(top, HEADER.detailSize),
      size: HEADER.detailSize,
      font: fonts.regular,
      color: MUTED,
    });
  });
  wrapText(issuer, fonts.bold, SIZE.small, issuerWidth)
    .slice(0, 2)
    .forEach((line, index) => {
      const width = fonts.bold.widthOfTextAtSize(line, SIZE.small);
      page.drawText(line, {
        x: PAGE_SIZE.width - MARGIN.right - width,
        y: baseline(HEADER.top - index * 10, SIZE.small),
        size: SIZE.small,
        font: fonts.bold,
        color: MUTED,
      });
    });
  page.drawLine({
    start: { x: MARGIN.left, y: HEADER.rule },
    end: { x: PAGE_SIZE.width - MARGIN.right, y: HEADER.rule },
    thickness: 0.5,
    color: RULE,
  });
}

/** The logo scaled into its box, keeping its proportions; none when the bytes are not a usable PNG. */
async function embedLogo(document: PDFDocument, png: Uint8Array): Promise<Letterhead['logo']> {
  try {
    const image = await document.embedPng(png);
    const scale = Math.min(HEADER.logo.maxWidth / image.width, HEADER.logo.maxHeight / image.height, 1);
    return { image, width: image.width * scale, height: image.height * scale };
  } catch {
    // A logo that cannot be read must not stop the document: the header prints without it.
    return undefined;
  }
}

function drawTitle(writer: PageWriter, content: PrintableDocument, fonts: Fonts): void {
  for (const line of wrapText(content.title, fonts.bold, SIZE.title, CONTENT_WIDTH)) {
    writer.ensure(LINE.title);
    writer.text(line, MARGIN.left, { font: fonts.bold, size: SIZE.title });
    writer.advance(LINE.title);
  }
  writer.advance(4);
  writer.text(content.subtitle, MARGIN.left, { font: fonts.regular, size: SIZE.label, color: MUTED });
  writer.advance(LINE.row + 12);
}

function drawSectionHeading(writer: PageWriter, title: string, fonts: Fonts): void {
  const lines = wrapText(title, fonts.bold, SIZE.heading, CONTENT_WIDTH - 12);
  const height = lines.length * LINE.heading + 8;
  // A heading never ends a page: it stays with at least two lines of its first row.
  writer.ensure(height + 2 * LINE.row + 2 * ROW_PADDING);
  writer.page.drawRectangle({
    x: MARGIN.left,
    y: writer.y - height,
    width: CONTENT_WIDTH,
    height,
    color: SECTION_FILL,
  });
  lines.forEach((line, index) =>
    writer.text(
      line,
      MARGIN.left + 6,
      { font: fonts.bold, size: SIZE.heading },
      writer.y - 4 - index * LINE.heading,
    ),
  );
  writer.advance(height + 2);
}

function drawRow(writer: PageWriter, row: { label: string; value: string }, fonts: Fonts): void {
  const labels = wrapText(row.label, fonts.regular, SIZE.label, LABEL_WIDTH);
  const values = wrapText(row.value, fonts.regular, SIZE.body, VALUE_WIDTH);
  const lineCount = Math.max(labels.length, values.length);
  // Whole rows move to the next page; only a row taller than a page is split between lines.
  writer.ensure(Math.min(lineCount * LINE.row + 2 * ROW_PADDING, PageWriter.pageRoom));
  writer.advance(ROW_PADDING);
  for (let index = 0; index < lineCount; index += 1) {
    writer.ensure(LINE.row);
    writer.text(
      labels[index] ?? '',
      MARGIN.left,
      { font: fonts.regular, size: SIZE.label, color: MUTED },
      writer.y - 1,
    );
    writer.text(values[index] ?? '', VALUE_X, { font: fonts.regular, size: SIZE.body });
    writer.advance(LINE.row);
  }
  writer.advance(ROW_PADDING);
  writer.rule(writer.y);
}

/** Full-width running text; lines move to the next page one by one, never cut. */
function drawParagraph(writer: PageWriter, text: string, fonts: Fonts): void {
  writer.advance(ROW_PADDING);
  for (const line of wrapText(text, fonts.regular, SIZE.body, CONTENT_WIDTH)) {
    writer.ensure(LINE.row);
    writer.text(line, MARGIN.left, { font: fonts.regular, size: SIZE.body });
    writer.advance(LINE.row);
  }
  writer.advance(ROW_PADDING);
}

function drawSection(writer: PageWriter, section: PrintableSection, fonts: Fonts): void {
  drawSectionHeading(writer, section.title, fonts);
  for (const paragraph of section.paragraphs ?? []) drawParagraph(writer, paragraph, fonts);
  for (const row of section.rows) drawRow(writer, row, fonts);
  writer.advance(12);
}

/** A signature frame holds a block of the largest size, so a block of any size sits inside it. */
const FRAME = signatureBoxSize('large');
/** The seal's own area: its stamp at the largest size. */
const SEAL_AREA = sealBoxSize('large');
const CAPTION_SIZE = 7.5;
const MIN_CAPTION_SIZE = 6;
/** Room above a frame for its caption, and between two rows of frames. */
const CAPTION_ROOM = 14;
const ROW_GAP = 12;
const BOX_TEXT_SIZE = 8;
/** Two frames side by side need a little more than the text's width: they reach 20 points into the margins. */
const FRAME_MARGIN = MARGIN.left - 20;
const COLUMNS = [FRAME_MARGIN, PAGE_SIZE.width - FRAME_MARGIN - FRAME.width] as const;

type Cell =
  | { kind: 'frame'; party: string; caption: string }
  | { kind: 'box'; caption: string; lines: string[] }
  | { kind: 'seal' };

/** A caption over its area, set smaller to fit its width down to 6 points, and only then cut. */
function drawCaption(page: PDFPage, caption: string, area: Rectangle, fonts: Fonts): void {
  const natural = fonts.regular.widthOfTextAtSize(caption, CAPTION_SIZE);
  const size = Math.max(MIN_CAPTION_SIZE, Math.min(CAPTION_SIZE, (CAPTION_SIZE * area.width) / natural));
  const [line = ''] = wrapText(caption, fonts.regular, size, area.width);
  page.drawText(line, { x: area.x, y: area.y + area.height + 4, size, font: fonts.regular, color: MUTED });
}

function drawCell(page: PDFPage, cell: Cell, area: Rectangle, fonts: Fonts): void {
  if (cell.kind === 'seal') return;
  drawCaption(page, cell.caption, area, fonts);
  if (cell.kind === 'frame') {
    page.drawRectangle({ ...area, borderColor: RULE, borderWidth: 0.75, borderDashArray: [3, 2] });
    return;
  }
  page.drawRectangle({ ...area, borderColor: RULE, borderWidth: 0.75 });
  const lines = cell.lines.flatMap((line) => wrapText(line, fonts.regular, BOX_TEXT_SIZE, area.width - 12));
  lines.slice(0, 6).forEach((line, index) => {
    page.drawText(line, {
      x: area.x + 6,
      y: area.y + area.height - 14 - index * (BOX_TEXT_SIZE + 3),
      size: BOX_TEXT_SIZE,
      font: fonts.regular,
      color: MUTED,
    });
  });
}

/**
 * The closing words, then the signature areas two by two, left then right, in the deed's order: one dashed
 * frame per signatory captioned with the role and the name, the agency's box when it is no party, and the
 * area kept for the chamber's seal. Rows move whole to the next page. Returns where each went, which the
 * signing engine then follows: each signatory's block goes in their frame, and the seal in its area.
 */
function drawSignatureAreas(
  writer: PageWriter,
  content: PrintableDocument,
  fonts: Fonts,
): SignatureLayout | null {
  if (content.signatures.length === 0) return null;
  const cells: Cell[] = [
    ...content.signatures.map((signature) => ({ kind: 'frame' as const, ...signature })),
    ...(content.agencyBox ? [{ kind: 'box' as const, ...content.agencyBox }] : []),
  ];
  // The seal shares the last row when it has a free column, else has a row of its own, centred.
  const rows: Cell[][] = [];
  for (let index = 0; index < cells.length; index += 2) rows.push(cells.slice(index, index + 2));
  const last = rows.at(-1);
  if (last && last.length === 1) last.push({ kind: 'seal' });
  else rows.push([{ kind: 'seal' }]);
  const sealOnly = (row: Cell[] | undefined) => row?.length === 1 && row[0]?.kind === 'seal';
  const heightOf = (row: Cell[]) =>
    sealOnly(row) ? SEAL_AREA.height + ROW_GAP : CAPTION_ROOM + FRAME.height + ROW_GAP;
  // A row is kept with the seal's row after it: the seal never opens a page of its own.
  const kept = (index: number) => {
    const row = rows[index] ?? [];
    const next = rows[index + 1];
    return heightOf(row) + (next && sealOnly(next) ? heightOf(next) : 0);
  };
  const closing = content.closing ? wrapText(content.closing, fonts.regular, SIZE.body, CONTENT_WIDTH) : [];
  // The heading and closing words stay with the first row.
  writer.ensure(LINE.heading + 8 + closing.length * LINE.row + 6 + kept(0));
  writer.text('Signatures', MARGIN.left, { font: fonts.bold, size: SIZE.heading });
  writer.advance(LINE.heading + 8);
  for (const line of closing) {
    writer.text(line, MARGIN.left, { font: fonts.regular, size: SIZE.body });
    writer.advance(LINE.row);
  }
  writer.advance(6);
  const layout: SignatureLayout = {
    frames: [],
    boxes: [],
    seal: { page: 0, rect: { x: 0, y: 0, width: 0, height: 0 } },
  };
  rows.forEach((row, index) => {
    writer.ensure(kept(index));
    const page = writer.pageNumber;
    const top = writer.y - (sealOnly(row) ? 0 : CAPTION_ROOM);
    row.forEach((cell, column) => {
      if (cell.kind === 'seal') {
        const x = sealOnly(row) ? (PAGE_SIZE.width - SEAL_AREA.width) / 2 : (COLUMNS[column] ?? FRAME_MARGIN);
        layout.seal = { page, rect: rounded({ x, y: top - SEAL_AREA.height, ...SEAL_AREA }) };
        return;
      }
      const area = rounded({ x: COLUMNS[column] ?? FRAME_MARGIN, y: top - FRAME.height, ...FRAME });
      drawCell(writer.page, cell, area, fonts);
      if (cell.kind === 'frame') layout.frames.push({ party: cell.party, page, rect: area });
      else layout.boxes.push({ page, rect: area });
    });
    writer.advance(heightOf(row));
  });
  return layout;
}

function rounded(rect: Rectangle): Rectangle {
  const round = (value: number) => Math.round(value * 100) / 100;
  return { x: round(rect.x), y: round(rect.y), width: round(rect.width), height: round(rect.height) };
}

/**
 * "Page n / N" and the title at the foot of each page. Where signature areas take the page's corners, the
 * number alone, centred between them.
 */
function drawFooters(document: PDFDocument, title: string, fonts: Fonts, areasOnLastPage: boolean): void {
  const pages = document.getPages();
  const [footerTitle = ''] = wrapText(title, fonts.regular, SIZE.small, CONTENT_WIDTH - 90);
  const style = { size: SIZE.small, font: fonts.regular, color: MUTED };
  const y = MARGIN.bottom - 32;
  pages.forEach((page, index) => {
    const number = `Page ${index + 1} / ${pages.length}`;
    const width = fonts.regular.widthOfTextAtSize(number, SIZE.small);
    if (areasOnLastPage && index === pages.length - 1) {
      page.drawText(number, { ...style, x: (PAGE_SIZE.width - width) / 2, y });
      return;
    }
    page.drawText(footerTitle, { ...style, x: MARGIN.left, y });
    page.drawText(number, { ...style, x: PAGE_SIZE.width - MARGIN.right - width, y });
  });
}

/**
 * Lays a form out on A4: the issuer (and the member's letterhead: logo, name, address, registration) on every page, the title, each section as running
 * text then label/value rows (long values wrap; rows move whole to the next page), the place and date,
 * a signature frame per signatory with its caption (and the agency's box, and room for the seal), and
 * "Page n / N" footers; with where the frames, boxes and seal area went. Fonts are embedded as subsets, so any Latin, Greek or Cyrillic name prints as typed.
 * Saved with a classic cross-reference table: signatures are later appended as incremental updates.
 */
export async function renderPrintableDocument(
  content: PrintableDocument,
  fontFiles: FontFiles,
): Promise<{ bytes: Uint8Array; pageCount: number; layout: SignatureLayout | null }> {
  const document = await PDFDocument.create({ updateMetadata: false });
  document.registerFontkit(fontkit);
  const fonts: Fonts = {
    regular: await document.embedFont(fontFiles.regular, { subset: true }),
    bold: await document.embedFont(fontFiles.bold, { subset: true }),
  };
  const { member } = content;
  const letterhead: Letterhead | undefined = member && {
    member,
    logo: member.logoPng ? await embedLogo(document, member.logoPng) : undefined,
  };
  const writer = new PageWriter(document, (page) =>
    letterhead
      ? drawLetterhead(page, content.issuer, letterhead, fonts)
      : drawIssuerLine(page, content.issuer, fonts),
  );
  drawTitle(writer, content, fonts);
  for (const section of content.sections) drawSection(writer, section, fonts);
  const layout = drawSignatureAreas(writer, content, fonts);
  drawFooters(document, content.title, fonts, layout !== null);
  document.setTitle(content.title, { showInWindowTitleBar: true });
  document.setLanguage(content.language);
  document.setCreationDate(new Date());
  const bytes = await document.save({ useObjectStreams: false });
  return { bytes, pageCount: document.getPageCount(), layout };
}
