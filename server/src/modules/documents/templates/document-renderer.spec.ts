import { PDFDict, PDFDocument, PDFName, PDFRawStream } from '@cantoo/pdf-lib';
import { NATURAL_PERSON, type TemplateFormData } from '@esign/shared';
import sharp from 'sharp';
import { checkAndNormalisePdf } from '../pdf/pdf-inspection';
import { PDF_LIMITS } from '../pdf/pdf-sandbox';
import { extractPageTexts } from '../testing/pdf-text';
import { placeSignature } from '../../signing/pdf-work/page-geometry';
import { cornerSlots, type PlacedSignatory } from '../../signing/pdf-work/signature-box';
import { renderPrintableDocument, signatureAreaOf } from './document-renderer';
import { type PrintableDocument } from './printable-document';
import { loadFontFiles } from './template-fonts';
import { ISSUER, displayValue, templateContent } from './template-content';

const NAME = 'Élodie Müller-Schäfer, née à Esch-sur-Alzette, Ł ż ő';

function content(overrides: Partial<PrintableDocument> = {}): PrintableDocument {
  return {
    issuer: ISSUER,
    title: "Fiche d'identification — personne physique",
    subtitle: 'Document établi le 5 mars 2026',
    language: 'fr-LU',
    sections: [{ title: 'Identification', rows: [{ label: 'Nom', value: NAME }] }],
    signatureLabels: ['Le client', "Pour l'agence immobilière"],
    ...overrides,
  };
}

async function render(document: PrintableDocument) {
  const { bytes, pageCount } = await renderPrintableDocument(document, await loadFontFiles());
  return { bytes, pageCount, pages: await extractPageTexts(bytes) };
}

describe('renderPrintableDocument', () => {
  it('prints accented and Central European names as typed, with glyphs for every character', async () => {
    const { bytes, pages } = await render(content());
    expect(Buffer.from(bytes).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const [first] = pages;
    expect(first?.lines).toContain(NAME);
    expect(first?.lines).toContain("Fiche d'identification — personne physique");
    expect(first?.lines).toContain(ISSUER);
    expect(first?.lines).toContain('Page 1 / 1');
    expect(first?.missingGlyphs).toBe(0);
  });

  it('wraps long values and turns pages, numbering every page and repeating the header', async () => {
    const longText =
      'Une phrase assez longue pour occuper plusieurs lignes dans la colonne des valeurs. '.repeat(12);
    const rows = Array.from({ length: 40 }, (_, index) => ({ label: `Champ ${index + 1}`, value: longText }));
    const { pageCount, pages } = await render(content({ sections: [{ title: 'Annexe', rows }] }));
    expect(pageCount).toBeGreaterThan(3);
    pages.forEach((page, index) => {
      expect(page.lines).toContain(`Page ${index + 1} / ${pageCount}`);
      expect(page.lines).toContain(ISSUER);
    });
    const lines = pages.flatMap((page) => page.lines);
    // Each value takes several lines, and each starts a line of its own.
    expect(lines.filter((line) => line.startsWith('Une phrase assez longue'))).toHaveLength(40);
    expect(lines.length).toBeGreaterThan(40 * 8);
    expect(pages.at(-1)?.lines).toContain('Signatures');
  });

  it('cuts a word wider than the column instead of overflowing it', async () => {
    const word = 'x'.repeat(400);
    const { pages } = await render(
      content({ sections: [{ title: 'A', rows: [{ label: 'Long', value: word }] }] }),
    );
    const pieces = pages[0]?.lines.filter((line) => /^x+$/.test(line)) ?? [];
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.join('')).toBe(word);
  });

  it('flows long running text over pages line by line and keeps each line of signature boxes whole', async () => {
    const paragraph = 'Article long dont chaque ligne doit rester entière sur sa page. '.repeat(60).trim();
    const signatureLabels = Array.from({ length: 7 }, (_, index) => `Partie ${index + 1}`);
    const { pageCount, pages } = await render(
      content({
        member: { name: 'Agence Alzette Immobilier SARL', lines: ['12, rue de la Gare, L-1611 Luxembourg'] },
        sections: [{ title: 'Article 1 — Objet', paragraphs: [paragraph, paragraph, paragraph], rows: [] }],
        closing: 'Fait à Luxembourg, le 12 mars 2026.',
        signatureLabels,
      }),
    );
    expect(pageCount).toBeGreaterThan(1);
    const lines = pages.flatMap((page) => page.lines);
    // Re-joined, the lines give the text back whole: no line was cut or lost at a page break.
    const body = lines.filter((line) => line.startsWith('Article long') || / entière| ligne/.test(line));
    const rejoined = body.join(' ').replace(/\s+/g, ' ');
    expect(rejoined === `${paragraph} ${paragraph} ${paragraph}`).toBe(true);
    pages.forEach((page) => {
      expect(page.lines).toContain('Agence Alzette Immobilier SARL');
      expect(page.lines).toContain('12, rue de la Gare, L-1611 Luxembourg');
    });
    expect(lines).toContain('Fait à Luxembourg, le 12 mars 2026.');
    for (const label of signatureLabels) expect(lines).toContain(label);
  });

  it("prints the member's letterhead on every page: logo, name and details, the chamber beside them", async () => {
    const logoPng = await sharp({
      create: { width: 210, height: 70, channels: 4, background: { r: 20, g: 60, b: 140, alpha: 1 } },
    })
      .png()
      .toBuffer();
    const member = {
      name: 'Agence Alzette Immobilier SARL',
      lines: ['12, rue de la Gare, L-1611 Luxembourg', 'RCS Luxembourg B123456 · TVA LU12345678'],
      logoPng: new Uint8Array(logoPng),
    };
    const rows = Array.from({ length: 60 }, (_, index) => ({ label: `Champ ${index + 1}`, value: 'valeur' }));
    const { bytes, pageCount, pages } = await render(content({ member, sections: [{ title: 'A', rows }] }));
    expect(pageCount).toBeGreaterThan(1);
    for (const page of pages) {
      for (const line of [member.name, ...member.lines]) expect(page.lines).toContain(line);
      expect(page.lines.join(' ')).toContain('Chambre Immobilière');
    }
    const document = await PDFDocument.load(bytes);
    for (const page of document.getPages()) {
      const xObjects = page.node.Resources()?.lookupMaybe(PDFName.of('XObject'), PDFDict);
      const images = (xObjects?.values() ?? []).filter((ref) => {
        const object = document.context.lookup(ref);
        return (
          object instanceof PDFRawStream && object.dict.get(PDFName.of('Subtype')) === PDFName.of('Image')
        );
      });
      expect(images).toHaveLength(1);
    }
  });

  it('prints the letterhead without the logo when the stored bytes are not a PNG', async () => {
    const member = { name: 'Agence Sans Logo', lines: [], logoPng: new TextEncoder().encode('not a png') };
    const { pages } = await render(content({ member }));
    expect(pages[0]?.lines).toContain('Agence Sans Logo');
  });

  it("frames each signer's area where the signing engine puts a block placed in the last page's bottom corners", async () => {
    const signatureLabels = ['Vendeur : A', 'Vendeur : B', 'Acquéreur : C', 'Acquéreur : D', "Pour l'agence"];
    const { bytes, pageCount, pages } = await render(content({ signatureLabels }));
    const document = await PDFDocument.load(bytes);
    // Signatories in the parties' order, placed left, right, left... on the last page, as the wizard suggests.
    const signatories: PlacedSignatory[] = signatureLabels.map((_, index) => ({
      id: `s${index}`,
      order: index + 1,
      page: pageCount,
      position: index % 2 === 0 ? 'bottom-left' : 'bottom-right',
    }));
    const slots = cornerSlots(signatories);
    signatories.forEach((signatory, index) => {
      const placed = placeSignature(
        document,
        { page: signatory.page, position: signatory.position, slot: slots.get(signatory.id) ?? -1 },
        'default',
      );
      expect(placed.pageIndex).toBe(pageCount - 1);
      expect(placed.rect).toEqual(signatureAreaOf(index));
    });
    const last = pages.at(-1)?.lines ?? [];
    for (const label of signatureLabels) expect(last).toContain(label);
    expect(last).toContain(`Page ${pageCount} / ${pageCount}`);
  });

  it('produces files that pass the upload checks unchanged in substance', async () => {
    const { bytes, pageCount } = await render(content());
    const checked = await checkAndNormalisePdf(bytes, PDF_LIMITS);
    expect(checked.pageCount).toBe(pageCount);
    expect(checked.removed).toEqual([]);
    expect(checked.pages[0]).toEqual({ width: 595.28, height: 841.89 });
  });
});

describe('templateContent', () => {
  const data: TemplateFormData = {
    nom: 'Müller-Schäfer',
    prenoms: 'Élodie Marie',
    dateNaissance: '1985-04-23',
    agitPourComptePropre: true,
    noticeDonnees: false,
  };

  it('lists every field of the definition, formatted for print', () => {
    const printable = templateContent(NATURAL_PERSON, data, '2026-03-05');
    expect(printable.subtitle).toBe('Document établi le 5 mars 2026');
    const rows = printable.sections.flatMap((section) => section.rows);
    // Every question but the place and date, which close the document above the signatures.
    expect(rows).toHaveLength(NATURAL_PERSON.sections.flatMap((section) => section.fields).length - 2);
    const value = (label: string) => rows.find((row) => row.label === label)?.value;
    expect(value('Nom')).toBe('Müller-Schäfer');
    expect(value('Date de naissance')).toBe('23 avril 1985');
    expect(value('Agit pour son propre compte')).toBe('Oui');
    expect(value('Nom de naissance')).toBe('—');
  });

  it('formats amounts, percentages and IBANs the Luxembourg way', () => {
    const field = { name: 'x', label: 'x', required: false } as const;
    expect(displayValue({ ...field, type: 'money' }, 1234567.5)).toBe(
      '1\u00a0234\u00a0567,50\u00a0EUR (un million deux cent trente-quatre mille cinq cent soixante-sept euros et ' +
        'cinquante centimes)',
    );
    expect(displayValue({ ...field, type: 'percent' }, 12.5)).toBe('12,5\u00a0%');
    expect(displayValue({ ...field, type: 'bool' }, false)).toBe('Non');
    expect(displayValue({ ...field, type: 'text', validator: 'iban' }, 'lu280019400644750000')).toBe(
      'LU28 0019 4006 4475 0000',
    );
  });
});
