import { PDFDict, PDFDocument, PDFName, PDFRawStream } from '@cantoo/pdf-lib';
import { NATURAL_PERSON, SIGNATURE_SIZES, type TemplateFormData } from '@esign/shared';
import sharp from 'sharp';
import {
  checkAndNormalisePdf,
  PDF_LIMITS,
  intersects,
  signatureBoxSize,
  loadFontFiles,
} from '@esign/pdf-signing';
import { extractPageTexts } from '@esign/pdf-signing/testing';
import { renderPrintableDocument } from './document-renderer';
import { type PrintableDocument } from './printable-document';
import { ISSUER, displayValue, templateContent } from './template-content';

const NAME = 'Élodie Müller-Schäfer, née à Esch-sur-Alzette, Ł ż ő';

function content(overrides: Partial<PrintableDocument> = {}): PrintableDocument {
  return {
    issuer: ISSUER,
    title: "Fiche d'identification — personne physique",
    subtitle: 'Document établi le 5 mars 2026',
    language: 'fr-LU',
    sections: [{ title: 'Identification', rows: [{ label: 'Nom', value: NAME }] }],
    signatures: [
      { party: 'client', caption: 'Le client : Élodie Müller-Schäfer' },
      { party: 'agence', caption: "Pour l'agence immobilière : Anne-Sophie Weißmann" },
    ],
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
    const signatures = Array.from({ length: 7 }, (_, index) => ({
      party: `parties.${index}`,
      caption: `Partie ${index + 1}`,
    }));
    const { pageCount, pages } = await render(
      content({
        member: { name: 'Agence Alzette Immobilier SARL', lines: ['12, rue de la Gare, L-1611 Luxembourg'] },
        sections: [{ title: 'Article 1 — Objet', paragraphs: [paragraph, paragraph, paragraph], rows: [] }],
        closing: 'Fait à Luxembourg, le 12 mars 2026.',
        signatures,
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
    for (const { caption } of signatures) expect(lines).toContain(caption);
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

  it('frames each signatory, then the agency box and the seal area, two by two, none overlapping', async () => {
    const signatures = ['Vendeur : A', 'Vendeur : B', 'Acquéreur : C', 'Acquéreur : D'].map(
      (caption, index) => ({
        party: `parties.${index}`,
        caption,
      }),
    );
    const agencyBox = { caption: "Pour l'agence immobilière", lines: ['Agence Alzette Immobilier SARL'] };
    const rendered = await renderPrintableDocument(content({ signatures, agencyBox }), await loadFontFiles());
    const { bytes, pageCount, layout } = rendered;
    const pages = await extractPageTexts(bytes);
    expect(layout?.frames.map((frame) => frame.party)).toEqual(
      signatures.map((signature) => signature.party),
    );
    const areas = [...(layout?.frames ?? []), ...(layout?.boxes ?? []), ...(layout ? [layout.seal] : [])];
    expect(areas).toHaveLength(6);
    for (const area of areas) {
      expect(area.page).toBe(pageCount);
      // Clear of the printer's border, under the header and above the footer.
      expect(area.rect.x).toBeGreaterThanOrEqual(28);
      expect(area.rect.x + area.rect.width).toBeLessThanOrEqual(595.28 - 28);
      expect(area.rect.y).toBeGreaterThanOrEqual(64);
      expect(area.rect.y + area.rect.height).toBeLessThanOrEqual(841.89 - 76);
    }
    areas.forEach((area, index) =>
      areas.slice(index + 1).forEach((other) => expect(intersects(area.rect, other.rect)).toBe(false)),
    );
    // A frame holds a block of every size.
    for (const frame of layout?.frames ?? []) {
      for (const size of SIGNATURE_SIZES) {
        expect(frame.rect.width).toBeGreaterThanOrEqual(signatureBoxSize(size).width);
        expect(frame.rect.height).toBeGreaterThanOrEqual(signatureBoxSize(size).height);
      }
    }
    const last = pages.at(-1)?.lines ?? [];
    for (const { caption } of signatures) expect(last).toContain(caption);
    expect(last).toContain(agencyBox.caption);
    expect(last).toContain('Agence Alzette Immobilier SARL');
    expect(last).toContain(`Page ${pageCount} / ${pageCount}`);
    expect(Buffer.from(bytes).subarray(0, 5).toString('latin1')).toBe('%PDF-');
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
