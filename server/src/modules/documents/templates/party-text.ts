import { formatAddress, formatFrenchDate, type TemplateItem, type TemplateValue } from '@esign/shared';
import { formatContenance, formatNumber } from './print-format';

/** Parties, parcels and lots written out as a deed designates them, one sentence each. */

const str = (value: TemplateValue): string => (typeof value === 'string' ? value : '');

function born(item: TemplateItem, feminine: boolean): string {
  const date = str(item.dateNaissance);
  if (!date) return '';
  const place = str(item.lieuNaissance);
  return `${feminine ? 'née' : 'né'} le ${formatFrenchDate(date)}${place ? ` à ${place}` : ''}`;
}

function agreed(status: string, feminine: boolean): string {
  return status.replace(/\(e\)/g, feminine ? 'e' : '').replace(/^veuf\/veuve$/, feminine ? 'veuve' : 'veuf');
}

function naturalPerson(item: TemplateItem): string {
  const feminine = item.civilite === 'Mme';
  const title = item.civilite === 'Mme' ? 'Madame' : item.civilite === 'M.' ? 'Monsieur' : '';
  const name = [title, str(item.prenoms), str(item.nom).toUpperCase()].filter(Boolean).join(' ');
  const details = [
    born(item, feminine),
    str(item.nationalites) ? `de nationalité ${str(item.nationalites)}` : '',
    str(item.profession),
    str(item.matricule) ? `matricule ${str(item.matricule)}` : '',
    // "marié(e)", "veuf/veuve": the deed writes the form that fits the person.
    agreed(str(item.etatCivil), feminine),
    str(item.regimeMatrimonial) ? `sous le régime de la ${str(item.regimeMatrimonial)}` : '',
    `demeurant ${formatAddress(item, 'adresse')}`,
  ];
  return [name, ...details.filter(Boolean)].join(', ');
}

function legalPerson(item: TemplateItem): string {
  const details = [
    str(item.formeJuridique) ? `société de forme ${str(item.formeJuridique)}` : '',
    `ayant son siège à ${formatAddress(item, 'adresse')}`,
    str(item.rcs) ? `immatriculée au RCS sous le numéro ${str(item.rcs)}` : '',
    str(item.representant) ? `représentée par ${str(item.representant)}` : '',
  ];
  return [str(item.nom), ...details.filter(Boolean)].join(', ');
}

/** "Madame Élodie Marie MÜLLER-SCHÄFER, née le 1er décembre 1983 à Esch-sur-Alzette, …". */
export function describeParty(item: TemplateItem): string {
  const text = item.typePersonne === 'personne morale' ? legalPerson(item) : naturalPerson(item);
  const share = typeof item.quotePartAcquisition === 'number' ? item.quotePartAcquisition : null;
  return share === null ? `${text}.` : `${text}, acquérant à concurrence de ${formatNumber(share, 0)} %.`;
}

/** Who signs for a party: the person's name, or the company and its representative. */
export function partySignatory(item: TemplateItem): string {
  if (item.typePersonne === 'personne morale')
    return [str(item.nom), str(item.representant)].filter(Boolean).join(', ');
  return [str(item.prenoms), str(item.nom)].filter(Boolean).join(' ');
}

/** "Commune de Bertrange, section A de Bertrange, numéro 143/1012, lieu-dit « Rue de la Gare », …". */
export function describeParcel(item: TemplateItem): string {
  const parts = [
    `Commune de ${str(item.commune)}`,
    `section ${str(item.section)}`,
    `numéro ${str(item.numero).replace(/\s/g, '')}`,
    str(item.lieuDit) ? `lieu-dit « ${str(item.lieuDit)} »` : '',
    str(item.nature),
    typeof item.contenance === 'number' ? `contenance ${formatContenance(item.contenance)}` : '',
  ];
  return `${parts.filter(Boolean).join(', ')}.`;
}

/** "lot n° 012, appartement (2e étage), désigné …, d'une surface utile de 84,35 m², avec 96/1000 …". */
export function describeLot(item: TemplateItem): string {
  const base = item.quotePartBase === 'dix-millièmes' ? '10000' : '1000';
  const surface = typeof item.surfaceUtile === 'number' ? formatNumber(item.surfaceUtile, 2) : '';
  return (
    `lot n° ${str(item.numeroLot)}, ${str(item.nature)} (${str(item.etage)}), désigné au cadastre vertical ` +
    `comme « ${str(item.designationCadastrale)} », d'une surface utile de ${surface} m², avec ` +
    `${String(item.quotePart ?? '')}/${base} des parties communes.`
  );
}
