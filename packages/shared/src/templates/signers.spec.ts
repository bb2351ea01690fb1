import { type TemplateDefinition, type TemplateFormData } from '../templates';
import { isValidEmail } from '../validators';
import { normalizeMobile } from '../phone';
import {
  FLAT_SALES_AGREEMENT,
  FLAT_SALES_MANDATE,
  NATURAL_PERSON,
  TEMPLATE_DEFINITIONS,
  agencyPrefill,
  itemsOf,
  repeatSections,
  signatoryCaption,
  templateFields,
  templateSignatories,
  validateTemplateData,
} from './index';

const DEFINITIONS = Object.values<TemplateDefinition>(
  TEMPLATE_DEFINITIONS as Record<string, TemplateDefinition>,
);
const TODAY = '2026-04-01';

describe.each(DEFINITIONS.map((definition) => [definition.type, definition] as const))(
  '%s declares who signs',
  (_type, definition) => {
    it('names at least one signer, each reached through required e-mail and mobile fields', () => {
      expect(definition.signers.length).toBeGreaterThan(0);
      for (const signer of definition.signers) {
        const fields = signer.list
          ? repeatSections(definition).find((section) => section.repeat.name === signer.list)?.fields
          : templateFields(definition);
        const email = fields?.find((field) => field.name === signer.emailField);
        const mobile = fields?.find((field) => field.name === signer.mobileField);
        expect({ role: signer.role, email: email?.validator, mobile: mobile?.validator }).toEqual({
          role: signer.role,
          email: 'email',
          mobile: 'mobile',
        });
        expect(email?.required && mobile?.required).toBe(true);
      }
    });

    it('signs every party the deed lists, and no list that is not a party', () => {
      const parties = repeatSections(definition)
        .filter((section) => section.repeat.signs)
        .map((section) => section.repeat.name);
      const signingLists = definition.signers.flatMap((signer) => (signer.list ? [signer.list] : []));
      expect(signingLists).toEqual(parties);
    });

    it('reads from its example one signatory per party, each named and reachable on a phone of their own', () => {
      const signatories = templateSignatories(definition, definition.example ?? {});
      const expected = definition.signers.reduce(
        (count, signer) => count + (signer.list ? itemsOf(definition.example ?? {}, signer.list).length : 1),
        0,
      );
      expect(signatories).toHaveLength(expected);
      for (const signatory of signatories) {
        expect(signatory.name.length).toBeGreaterThan(1);
        expect(isValidEmail(signatory.email)).toBe(true);
        expect(normalizeMobile(signatory.mobile)).not.toBeNull();
      }
      const mobiles = signatories.map((signatory) => normalizeMobile(signatory.mobile));
      expect(new Set(mobiles).size).toBe(mobiles.length);
      expect(new Set(signatories.map((signatory) => signatory.party)).size).toBe(signatories.length);
    });
  },
);

describe('the signatories of a flat sales agreement', () => {
  const example = FLAT_SALES_AGREEMENT.example ?? {};
  const [person, company] = itemsOf(example, 'vendeurs');
  const [buyer] = itemsOf(example, 'acquereurs');
  const form: TemplateFormData = { ...example, vendeurs: [person!, company!], acquereurs: [buyer!] };

  it('are its two sellers and its buyer, in the deed’s order, with their roles', () => {
    expect(
      templateSignatories(FLAT_SALES_AGREEMENT, form).map(({ party, role, name, company: firm }) => ({
        party,
        role,
        name,
        company: firm,
      })),
    ).toEqual([
      { party: 'vendeurs.0', role: 'Vendeur', name: 'Élodie Marie Müller-Schäfer', company: '' },
      {
        party: 'vendeurs.1',
        role: 'Vendeur',
        name: 'François Lefèvre, gérant',
        company: 'Immobilière Sûre-et-Moselle',
      },
      { party: 'acquereurs.0', role: 'Acquéreur', name: 'Łukasz Jérôme Kowalczyk', company: '' },
    ]);
  });

  it('caption their areas with the role and the name, and the company signed for', () => {
    const [first, second] = templateSignatories(FLAT_SALES_AGREEMENT, form);
    expect(signatoryCaption(first!)).toBe('Vendeur : Élodie Marie Müller-Schäfer');
    expect(signatoryCaption(second!)).toBe(
      'Vendeur : François Lefèvre, gérant, pour Immobilière Sûre-et-Moselle',
    );
  });

  it('refuses one mobile for two parties, on the later party', () => {
    const shared = { ...form, acquereurs: [{ ...buyer, mobile: person?.mobile }] };
    expect(validateTemplateData(FLAT_SALES_AGREEMENT, shared, TODAY)).toEqual({
      'acquereurs.0.mobile': 'validation.duplicateMobile',
    });
  });
});

describe('the agency block filled from the profile', () => {
  const profile = {
    name: 'Anne-Sophie Weißmann',
    email: 'as.weissmann@alzette-immo.lu',
    mobile: '+352691234505',
    additionalInfo: {
      company: {
        name: 'Agence Alzette Immobilier SARL',
        vatNumber: 'LU15027442',
        registrationNumber: 'B278900',
      },
      address: {
        addressLine1: '3, boulevard Royal',
        addressLine2: 'Bâtiment Élysée',
        postalCode: 'L-2449',
        city: 'Luxembourg',
      },
    },
  };

  it('fills the agency, its address and the agent of a new agreement', () => {
    expect(agencyPrefill(FLAT_SALES_AGREEMENT, profile)).toEqual({
      agenceNom: 'Agence Alzette Immobilier SARL',
      agenceRcs: 'B278900',
      agenceTva: 'LU15027442',
      agenceNumero: '3',
      agenceRue: 'boulevard Royal',
      agenceComplement: 'Bâtiment Élysée',
      agenceCodePostal: 'L-2449',
      agenceLocalite: 'Luxembourg',
      agentNom: 'Anne-Sophie Weißmann',
    });
  });

  it('adds the agent’s e-mail and mobile where the agency signs', () => {
    expect(agencyPrefill(FLAT_SALES_MANDATE, profile)).toMatchObject({
      agentEmail: 'as.weissmann@alzette-immo.lu',
      agentMobile: '+352691234505',
    });
    expect(agencyPrefill(NATURAL_PERSON, profile)).toEqual({
      agentNom: 'Anne-Sophie Weißmann',
      agentEmail: 'as.weissmann@alzette-immo.lu',
      agentMobile: '+352691234505',
    });
  });

  it('gives values every template accepts, whatever template holds them', () => {
    for (const definition of DEFINITIONS) {
      const filled = agencyPrefill(definition, profile);
      const errors = validateTemplateData(definition, { ...(definition.example ?? {}), ...filled }, TODAY);
      expect(Object.keys(errors).filter((path) => path in filled)).toEqual([]);
    }
  });

  it('keeps a street without a number whole, and leaves out what the profile does not say', () => {
    const bare = {
      ...profile,
      mobile: null,
      additionalInfo: { address: { addressLine1: 'Place Guillaume II' } },
    };
    expect(agencyPrefill(FLAT_SALES_AGREEMENT, bare)).toEqual({
      agenceRue: 'Place Guillaume II',
      agentNom: 'Anne-Sophie Weißmann',
    });
  });
});
