import { type TemplateDefinition } from '../templates';
import { bool, onlyIf, choice, text, textarea, when } from './blocks/fields';
import { identityErrors, naturalIdentityFields } from './blocks/person';
import { powersFields, signatureSection, verificationSection } from './agent-sections';
import { agentSignerSection } from './blocks/agency';
import { agencySigner, joinedFields, personSigner } from './signers';
import { LEGAL_ENTITY_AGENT_EXAMPLE } from './entity-examples';

/** Identification of the person who represents a company. */
export const LEGAL_ENTITY_AGENT: TemplateDefinition = {
  type: 'LegalEntityAgent',
  title: "Fiche d'identification — représentant d'une personne morale",
  sections: [
    {
      title: 'Personne morale représentée',
      fields: [
        text('entiteDenomination', 'Dénomination'),
        text('entiteRcs', 'Numéro RCS', true, { validator: 'rcs_lu' }),
        text('entiteSiege', 'Siège social', true, { maxLength: 300 }),
      ],
    },
    { title: 'Représentant', fields: naturalIdentityFields() },
    {
      title: 'Pouvoirs',
      fields: [
        ...powersFields(
          ['gérant', 'administrateur', 'administrateur-délégué', 'fondé de pouvoir', 'mandataire spécial'],
          ['statuts', "décision d'organe", 'procuration sous seing privé', 'procuration notariée'],
        ),
        choice('modeSignature', 'Mode de signature', ['signature individuelle', 'signature conjointe']),
        onlyIf(
          when('modeSignature', 'signature conjointe'),
          text('cosignataire', 'Cosignataire requis (nom, qualité)', false),
        ),
        bool(
          'figureExtraitRcs',
          "Le représentant figure sur l'extrait RCS ou dispose d'une délégation valable",
        ),
        onlyIf(
          when('figureExtraitRcs', false),
          textarea('noteVerification', 'Justification de la délégation', false),
        ),
      ],
    },
    verificationSection("Vérification de l'identité et des pouvoirs"),
    agentSignerSection(),
    signatureSection(),
  ],
  signers: [
    { ...personSigner('representant', 'Le représentant'), company: joinedFields('entiteDenomination') },
    agencySigner(),
  ],
  rules: (data, today) => identityErrors(data, today),
  example: LEGAL_ENTITY_AGENT_EXAMPLE,
};
