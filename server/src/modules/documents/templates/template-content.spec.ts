import {
  AML_RISK_ASSESSMENT,
  BENEFICIAL_OWNER_IDENTIFICATION,
  FLAT_SALES_AGREEMENT,
  NATURAL_PERSON,
  cleanTemplateData,
  type TemplateDefinition,
} from '@esign/shared';
import { type MemberLetterhead, type PrintableDocument } from './printable-document';
import { templateContent } from './template-content';

const AGENCY: MemberLetterhead = {
  name: 'Agence Alzette Immobilier SARL',
  lines: ['RCS Luxembourg B123456'],
};

const print = (definition: TemplateDefinition, member?: MemberLetterhead): PrintableDocument =>
  templateContent(
    definition,
    cleanTemplateData(definition, definition.example ?? {}),
    '2026-03-12',
    member ? { member } : {},
  );

const text = (document: PrintableDocument): string =>
  document.sections
    .flatMap((section) => [
      section.title,
      ...(section.paragraphs ?? []),
      ...section.rows.map((row) => `${row.label} ${row.value}`),
    ])
    .join('\n')
    .replace(/\u00a0/g, ' ');

describe('templateContent for a contract', () => {
  const document = print(FLAT_SALES_AGREEMENT, AGENCY);

  it('names the parties as a deed does, then numbers the articles', () => {
    const titles = document.sections.map((section) => section.title);
    expect(titles.slice(0, 2)).toEqual(['Vendeur(s)', 'Acquéreur(s)']);
    expect(titles[2]).toBe('Article 1 — Intermédiaire');
    expect(titles.filter((title) => title.startsWith('Article '))).toHaveLength(titles.length - 2);
    expect(document.sections[0]?.paragraphs).toEqual([
      expect.stringMatching(
        /^Vendeur 1 : Madame Élodie Marie MÜLLER-SCHÄFER, née le 1er décembre 1983 à Esch-sur-Alzette,/,
      ),
      expect.stringMatching(/^Vendeur 2 : Immobilière Sûre-et-Moselle, société de forme SARL/),
      'Ci-après dénommés ensemble « le vendeur ».',
    ]);
    expect(document.sections[1]?.paragraphs?.at(-1)).toBe("Ci-après dénommés ensemble « l'acquéreur ».");
  });

  it('writes amounts in figures and words, dates in French, parcels and lots in full', () => {
    const all = text(document);
    expect(all).toContain(
      'Prix de vente 785 000,50 EUR (sept cent quatre-vingt-cinq mille euros et cinquante centimes)',
    );
    expect(all).toContain("Date limite de passation de l'acte 30 juin 2026");
    expect(all).toContain('Commune de Bertrange, section A de Bertrange, numéro 143/1012');
    expect(all).toContain('contenance 12 a 45 ca (1 245 m²)');
    expect(all).toContain('Lot 1 : lot n° 012, appartement (2e étage)');
    expect(all).toContain('Adresse du bien 45, rue de la Gare, Résidence « Les Tilleuls », L-8066 Bertrange');
    // Unanswered or hidden questions do not print in a contract.
    expect(all).not.toContain('—\n');
  });

  it('gives each party a signature frame, the agency a box of its own, and closes with the place and date', () => {
    expect(document.signatures).toEqual([
      { party: 'vendeurs.0', caption: 'Vendeur : Élodie Marie Müller-Schäfer' },
      {
        party: 'vendeurs.1',
        caption: 'Vendeur : François Lefèvre, gérant, pour Immobilière Sûre-et-Moselle',
      },
      { party: 'acquereurs.0', caption: 'Acquéreur : Łukasz Jérôme Kowalczyk' },
      { party: 'acquereurs.1', caption: 'Acquéreur : Anaïs Solène Nørgaard-Kowalczyk' },
    ]);
    expect(document.agencyBox).toEqual({
      caption: "Pour l'agence immobilière",
      lines: [
        'Agence Alzette Immobilier SARL',
        'RCS B278900 · TVA LU15027442',
        'Agent en charge du dossier : Anne-Sophie Weißmann',
        'Intermédiaire, non partie à l’acte',
      ],
    });
    expect(print(NATURAL_PERSON).signatures.map((signature) => signature.caption)).toEqual([
      'Le client : Élodie Marie Müller-Schäfer',
      "Pour l'agence immobilière : Anne-Sophie Weißmann",
    ]);
    expect(document.closing).toMatch(/^Fait à Luxembourg, le 12 mars 2026\./);
    expect(document.member).toEqual(AGENCY);
    expect(print(NATURAL_PERSON).member).toBeUndefined();
  });
});

describe('templateContent for the AML forms', () => {
  it('prints the computed risk level and what drove it', () => {
    const result = print(AML_RISK_ASSESSMENT).sections.at(-1);
    expect(result?.title).toBe("Résultat de l'évaluation du risque");
    expect(result?.rows).toEqual(
      expect.arrayContaining([
        { label: 'Niveau de risque calculé', value: 'Élevé' },
        { label: 'Facteurs déterminants', value: 'Statut PPE : risque élevé' },
        { label: 'Vigilance renforcée requise', value: 'Oui' },
      ]),
    );
  });

  it('prints the look-through shares and the beneficial owners above 25 %', () => {
    const sections = print(BENEFICIAL_OWNER_IDENTIFICATION).sections;
    const shares = sections.find((section) => section.title === 'Participations effectives calculées');
    expect(shares?.paragraphs?.[0]?.replace(/\u00a0/g, ' ')).toBe(
      'Bénéficiaires effectifs (plus de 25 %) : François Lefèvre (42 %), Małgorzata Wójcik (40 %).',
    );
    expect(shares?.rows).toContainEqual({ label: 'Søren Ødegård', value: '18\u00a0%' });
    expect(sections.at(-1)?.rows[0]).toEqual({ label: 'Niveau de risque calculé', value: 'Moyen' });
  });
});
