import { type TemplateDefinition, type TemplateFormData, type TemplateScalar } from '../templates';
import { assessRisk, riskInput, RISK_LEVEL_LABELS, type RiskInput } from '../aml/risk-score';
import { signaturePlaceFields } from './blocks/agency';
import { complianceSigner, complianceSignerFields } from './signers';
import { bool, choice, int, onlyIf, percent, requiredIf, text, textarea, when, date } from './blocks/fields';
import { itemsOf } from './validate';
import { beneficialOwners } from './ownership-chain';
import { BO_IDENTIFICATION_EXAMPLE } from './owner-examples';

/** Complex structures, nominees and bearer shares make the client type high-risk (factor F1 of the risk table). */
export function riskInputOfOwnerIdentification(data: TemplateFormData): RiskInput {
  const opaque = data.structureComplexe === true || data.preteNoms === true || data.actionsPorteur === true;
  const layered = itemsOf(data, 'chaine').some((link) => Number(link.niveau) > 1);
  return riskInput(
    { clientType: opaque ? 3 : layered ? 2 : 1 },
    { dueDiligenceImpossible: data.beNonIdentifiable === true },
  );
}

function computed(data: TemplateFormData): Record<string, TemplateScalar> {
  const result = assessRisk(riskInputOfOwnerIdentification(data));
  return {
    beIdentifie: beneficialOwners(data).length > 0 ? 'oui' : 'non',
    niveauRisque: RISK_LEVEL_LABELS[result.level],
  };
}

/**
 * Identification du bénéficiaire effectif: the agency's worksheet. The chain of
 * control is entered link by link; the look-through shares and the persons above 25 % are computed.
 */
export const BENEFICIAL_OWNER_IDENTIFICATION: TemplateDefinition = {
  type: 'BeneficialOwnerIdentification',
  title: 'Identification du bénéficiaire effectif',
  sections: [
    {
      title: 'Entité cliente',
      fields: [
        text('entiteDenomination', 'Dénomination'),
        text('entiteRcs', 'Numéro RCS', false, { validator: 'rcs_lu' }),
        text('entitePays', "Pays d'immatriculation"),
      ],
    },
    {
      title: 'Chaîne de détention',
      clause:
        'Chaque ligne indique qui détient quelle part de quelle entité, du client jusqu’aux personnes physiques.',
      repeat: { name: 'chaine', itemLabel: 'Détention', min: 1, max: 30 },
      fields: [
        int('niveau', 'Niveau (1 = actionnaire direct du client)'),
        text('detenteur', 'Détenteur'),
        choice('typeDetenteur', 'Type de détenteur', ['personne physique', 'entité']),
        text('detientDans', 'Entité détenue'),
        text('pays', 'Pays'),
        percent('pourcentage', 'Part détenue (%)'),
      ],
    },
    {
      title: 'Bénéficiaires retenus',
      fields: [
        textarea('controleAutresMoyens', 'Personnes exerçant le contrôle par d’autres moyens', false),
        requiredIf(
          when('beIdentifie', 'non'),
          text('dirigeantPrincipal', 'Dirigeant principal retenu à défaut de bénéficiaire identifié', false),
        ),
        bool('beNonIdentifiable', 'Le bénéficiaire effectif ne peut pas être identifié'),
      ],
    },
    {
      title: 'Vérification',
      fields: [
        bool('piecesVerifiees', "Pièces d'identité de chaque bénéficiaire effectif vérifiées"),
        textarea('mesuresRaisonnables', 'Mesures raisonnables prises pour vérifier leur identité'),
      ],
    },
    {
      title: 'Consultation du registre des bénéficiaires effectifs',
      fields: [
        date('dateConsultationRbe', 'Date de consultation'),
        bool('concordanceRbe', "L'inscription au RBE concorde"),
        onlyIf(
          when('concordanceRbe', false),
          textarea('divergenceAction', 'Divergence constatée et suite donnée', false),
        ),
      ],
    },
    {
      title: 'Indicateurs de risque',
      fields: [
        bool('structureComplexe', 'Structure complexe ou à plusieurs niveaux sans justification'),
        bool('preteNoms', 'Actionnaires ou administrateurs prête-noms'),
        bool('actionsPorteur', 'Actions au porteur'),
      ],
    },
    {
      title: 'Conclusion',
      fields: [textarea('conclusion', 'Conclusion'), ...complianceSignerFields(), ...signaturePlaceFields()],
    },
  ],
  signers: [complianceSigner()],
  computed,
  example: BO_IDENTIFICATION_EXAMPLE,
};
