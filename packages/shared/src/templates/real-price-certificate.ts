import { type TemplateDefinition, type TemplateFormData } from '../templates';
import { asNumber } from './field-checks';
import { itemsOf } from './validate';
import { addressFields } from './blocks/address';
import { feesErrors, feesFields, signaturePlaceFields } from './blocks/agency';
import { partySigner } from './signers';
import { parcelsSection } from './blocks/cadastre';
import { bool, date, money, onlyIf, text, textarea, when } from './blocks/fields';
import { partiesErrors } from './blocks/person';
import { buyersSection, sellersSection } from './sale-sections';
import { REAL_PRICE_EXAMPLE } from './real-price-example';

const DECLARATIONS = ['declarationPrixTotal', 'declarationAucuneSomme', 'declarationSansEspeces'];

function certificateRules(data: TemplateFormData, today: string): Record<string, string> {
  const errors: Record<string, string> = {
    ...partiesErrors(itemsOf(data, 'vendeurs'), 'vendeurs', today),
    ...partiesErrors(itemsOf(data, 'acquereurs'), 'acquereurs', today),
    ...feesErrors(data),
  };
  for (const name of DECLARATIONS) {
    if (data[name] === false) errors[name] = 'validation.mustAccept';
  }
  const price = asNumber(data.prix);
  const paid = (asNumber(data.acompteMontant) ?? 0) + (asNumber(data.soldeActe) ?? 0);
  if (price !== null && Math.abs(price - paid) > 0.001) errors.soldeActe = 'validation.priceBalance';
  return errors;
}

/**
 * Certificat de prix réel (a proposal: no public model exists). Read as the parties'
 * sworn statement that the price in the agreement is the whole price, with no side or cash payment.
 */
export const REAL_PRICE_CERTIFICATE: TemplateDefinition = {
  type: 'RealPriceCertificate',
  title: 'Certificat de prix réel',
  layout: 'contract',
  sections: [
    sellersSection('Vendeur(s)', 'Vendeur'),
    buyersSection(),
    {
      title: 'Référence',
      fields: [
        date('compromisDate', 'Date du compromis de vente'),
        text('agenceNom', 'Agence immobilière'),
        ...addressFields('bien', 'luxembourg').map((field) => ({ ...field, label: `Bien — ${field.label}` })),
      ],
    },
    parcelsSection('Désignation cadastrale', false),
    {
      title: 'Prix',
      fields: [
        money('prix', 'Prix convenu'),
        money('prixMobilier', 'Dont mobilier', false),
        textarea('mobilierListe', 'Liste du mobilier', false),
        money('prixEmplacements', 'Dont emplacement(s) et cave(s)', false),
      ],
    },
    {
      title: 'Déclarations',
      clause: 'Les parties déclarent, chacune sous sa responsabilité :',
      fields: [
        bool('declarationPrixTotal', 'que le prix indiqué est la totalité du prix convenu ;'),
        bool('declarationAucuneSomme', "qu'aucune autre somme ni aucun avantage n'a été ni ne sera versé ;"),
        bool('declarationSansEspeces', "qu'aucun paiement n'a lieu en espèces."),
      ],
    },
    {
      title: 'Modalités de paiement',
      fields: [
        money('acompteMontant', 'Acompte'),
        date('acompteDate', "Date de l'acompte"),
        money('soldeActe', "Solde payable à l'acte"),
        text('ibanDebite', 'IBAN du compte débité', true, { validator: 'iban' }),
        bool('titulaireEstAcquereur', "Le titulaire du compte est l'acquéreur"),
        onlyIf(when('titulaireEstAcquereur', false), text('titulaireCompte', 'Titulaire du compte', false)),
        text('banquePreteuse', 'Banque prêteuse', false),
      ],
    },
    { title: "Honoraires d'agence", fields: feesFields() },
    { title: 'Signature', fields: signaturePlaceFields() },
  ],
  signers: [partySigner('vendeurs', 'Vendeur'), partySigner('acquereurs', 'Acquéreur')],
  agencyBox: true,
  rules: certificateRules,
  example: REAL_PRICE_EXAMPLE,
};
