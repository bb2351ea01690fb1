import { PDFDocument } from '@cantoo/pdf-lib';
import {
  FLAT_SALES_AGREEMENT,
  SIGNATURE_SIZES,
  TEMPLATE_DEFINITIONS,
  cleanTemplateData,
  itemsOf,
  type SignatureLayout,
  type TemplateDefinition,
  type TemplateFormData,
} from '@esign/shared';
import { renderPrintableDocument } from '../../documents/templates/document-renderer';
import { loadFontFiles, placeSeal, placeSignature, intersects, type Rectangle } from '@esign/pdf-signing';
import { templateContent } from '../../documents/templates/template-content';
import { sealSurroundings } from '../built-in-document-sealer';
import { type SealedSignatory } from '../document-sealer';

/**
 * Every template, laid out with its example (and an agreement with the most parties it takes), then signed
 * at every signature size and sealed at every seal size, as the sealer places them: each block lies in its
 * party's frame, and the seal's stamp covers no frame, no box and no block.
 */

const MEMBER = {
  name: 'Agence Alzette Immobilier SARL',
  lines: ['3, boulevard Royal, L-2449 Luxembourg', 'RCS Luxembourg B278900 · TVA LU15027442'],
};

function crowdedAgreement(): TemplateFormData {
  const example = FLAT_SALES_AGREEMENT.example ?? {};
  const [seller] = itemsOf(example, 'vendeurs');
  const [buyer] = itemsOf(example, 'acquereurs');
  const many = (item: TemplateFormData | undefined, offset: number, share: number | null) =>
    Array.from({ length: 6 }, (_, index) => ({
      ...item,
      mobile: `+352 621 400 ${offset + index}`,
      ...(share === null ? {} : { quotePartAcquisition: share }),
    }));
  return { ...example, vendeurs: many(seller, 100, null), acquereurs: many(buyer, 200, 16.67) };
}

const CASES: [string, TemplateDefinition, TemplateFormData][] = [
  ...Object.values(TEMPLATE_DEFINITIONS).map(
    (definition) =>
      [definition.type, definition, definition.example ?? {}] as [
        string,
        TemplateDefinition,
        TemplateFormData,
      ],
  ),
  ['FlatSalesAgreement with six sellers and six buyers', FLAT_SALES_AGREEMENT, crowdedAgreement()],
];

function inside(inner: Rectangle, outer: Rectangle): boolean {
  return (
    inner.x >= outer.x &&
    inner.y >= outer.y &&
    inner.x + inner.width <= outer.x + outer.width &&
    inner.y + inner.height <= outer.y + outer.height
  );
}

/** The signatories of the frames, as the sealer receives them (only what placing blocks reads). */
function signatoriesOf(layout: SignatureLayout): SealedSignatory[] {
  return layout.frames.map(
    (frame, index) =>
      ({
        id: `party-${index}`,
        order: index + 1,
        page: frame.page,
        position: index % 2 === 0 ? 'bottom-left' : 'bottom-right',
        frame: { page: frame.page, rect: frame.rect },
      }) as SealedSignatory,
  );
}

describe.each(CASES)('%s, signed and sealed at every size', (_name, definition, data) => {
  let document: PDFDocument;
  let layout: SignatureLayout;
  let pageCount: number;

  beforeAll(async () => {
    const content = templateContent(definition, cleanTemplateData(definition, data), '2026-03-12', {
      member: MEMBER,
    });
    const rendered = await renderPrintableDocument(content, await loadFontFiles());
    if (!rendered.layout) throw new Error('no signature layout');
    layout = rendered.layout;
    pageCount = rendered.pageCount;
    document = await PDFDocument.load(rendered.bytes);
  });

  it('frames one area per signatory, and keeps an area for the seal on the last page', () => {
    expect(layout.frames.length).toBeGreaterThan(0);
    expect(layout.seal.page).toBe(pageCount);
    const areas = [...layout.frames, ...layout.boxes, layout.seal];
    areas.forEach((area, index) =>
      areas
        .slice(index + 1)
        .forEach((other) =>
          expect(area.page === other.page && intersects(area.rect, other.rect)).toBe(false),
        ),
    );
  });

  it.each(SIGNATURE_SIZES.flatMap((signature) => SIGNATURE_SIZES.map((seal) => [signature, seal])))(
    'puts each block in its frame and the seal clear of them all: signatures %s, seal %s',
    (signatureSize, sealSize) => {
      const signatories = signatoriesOf(layout);
      const surroundings = sealSurroundings({ layout, signatories });
      const blocks = surroundings.avoid.map((placement) =>
        placeSignature(document, placement, signatureSize),
      );
      blocks.forEach((block, index) => {
        const frame = layout.frames[index];
        expect(block.pageIndex).toBe((frame?.page ?? 0) - 1);
        expect(inside(block.rect, frame?.rect ?? { x: 0, y: 0, width: 0, height: 0 })).toBe(true);
      });
      for (const sealPage of new Set([pageCount, layout.frames[0]?.page ?? 1, 1])) {
        const seal = placeSeal(document, { page: sealPage, size: sealSize, ...surroundings }, signatureSize);
        const covered = [
          ...[...layout.frames, ...layout.boxes].map((area) => ({
            pageIndex: area.page - 1,
            rect: area.rect,
          })),
          ...blocks,
        ].filter((area) => area.pageIndex === seal.pageIndex && intersects(area.rect, seal.rect));
        expect(covered).toEqual([]);
      }
    },
  );
});
