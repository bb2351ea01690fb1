import { rgb, type Color, type PDFDocument, type PDFFont, type PDFPage } from '@cantoo/pdf-lib';
import { GENERATED_PAGE_SIZE } from '@esign/shared';

/** A4 in points, as the back office draws the frames of a generated document. */
export const PAGE_SIZE = GENERATED_PAGE_SIZE;
export const MARGIN = { left: 56, right: 56, top: 76, bottom: 64 } as const;
export const CONTENT_WIDTH = PAGE_SIZE.width - MARGIN.left - MARGIN.right;
export const INK = rgb(0.1, 0.1, 0.12);
export const MUTED = rgb(0.38, 0.38, 0.42);
export const RULE = rgb(0.8, 0.8, 0.83);

export interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
}

export interface TextStyle {
  font: PDFFont;
  size: number;
  color?: Color;
}

/**
 * Writes from the top of the page down and turns the page when the next block would run into the bottom
 * margin. `cursor` is the top of the next line.
 */
export class PageWriter {
  private current: PDFPage;
  private cursor = 0;

  constructor(
    private readonly document: PDFDocument,
    private readonly decorate: (page: PDFPage) => void,
  ) {
    this.current = this.addPage();
  }

  get page(): PDFPage {
    return this.current;
  }

  get y(): number {
    return this.cursor;
  }

  /** The current page, counted from 1. */
  get pageNumber(): number {
    return this.document.getPageCount();
  }

  /** Room left on this page, in points. */
  get room(): number {
    return this.cursor - MARGIN.bottom;
  }

  static get pageRoom(): number {
    return PAGE_SIZE.height - MARGIN.top - MARGIN.bottom;
  }

  /** Turns the page unless `height` points still fit on this one. */
  ensure(height: number): void {
    if (height > this.room) this.current = this.addPage();
  }

  advance(height: number): void {
    this.cursor -= height;
  }

  /** One line of text whose top is `top` (defaults to the cursor); does not move the cursor. */
  text(text: string, x: number, style: TextStyle, top = this.cursor): void {
    if (!text) return;
    this.current.drawText(text, {
      x,
      // Baseline: a line's top minus the font's ascent, about 0.8 em for DejaVu.
      y: top - style.size * 0.8,
      size: style.size,
      font: style.font,
      color: style.color ?? INK,
    });
  }

  rule(y: number, color = RULE): void {
    this.current.drawLine({
      start: { x: MARGIN.left, y },
      end: { x: PAGE_SIZE.width - MARGIN.right, y },
      thickness: 0.5,
      color,
    });
  }

  private addPage(): PDFPage {
    const page = this.document.addPage([PAGE_SIZE.width, PAGE_SIZE.height]);
    this.current = page;
    this.cursor = PAGE_SIZE.height - MARGIN.top;
    this.decorate(page);
    return page;
  }
}
