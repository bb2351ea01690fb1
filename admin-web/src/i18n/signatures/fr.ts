import { AUDIT_EVENT_NAMES, ErrorCode } from '@esign/shared';
import { wizardFr } from './wizard/fr';

/** The error codes of documents and signature requests, which every language must explain. */
export type SignatureErrorCode =
  | ErrorCode.NOT_A_PDF
  | ErrorCode.INVALID_PDF
  | ErrorCode.PDF_ENCRYPTED
  | ErrorCode.PDF_CHANGES_FORBIDDEN
  | ErrorCode.PDF_ALREADY_SIGNED
  | ErrorCode.PDF_TOO_MANY_PAGES
  | ErrorCode.UPLOAD_URL_USED
  | ErrorCode.STORAGE_QUOTA_EXCEEDED
  | ErrorCode.DOCUMENT_NOT_EDITABLE
  | ErrorCode.DOCUMENT_NOT_READY
  | ErrorCode.REMINDER_TOO_EARLY
  | ErrorCode.OTP_INVALID
  | ErrorCode.OTP_EXPIRED
  | ErrorCode.OTP_TOO_SOON
  | ErrorCode.OTP_DAILY_LIMIT
  | ErrorCode.SIGNATORY_LOCKED
  | ErrorCode.NOT_YOUR_TURN
  | ErrorCode.ALREADY_SIGNED
  | ErrorCode.DOCUMENT_NOT_DELIVERED
  | ErrorCode.REQUEST_DECLINED
  | ErrorCode.REQUEST_EXPIRED;

const errors: Record<SignatureErrorCode, string> = {
  [ErrorCode.NOT_A_PDF]: 'Ce fichier n’est pas un PDF.',
  [ErrorCode.INVALID_PDF]: 'Ce PDF est endommagé ou illisible.',
  [ErrorCode.PDF_ENCRYPTED]:
    'Ce PDF ne s’ouvre qu’avec un mot de passe. Ouvrez-le, imprimez-le en PDF (« Enregistrer au format PDF ») et importez cette copie.',
  [ErrorCode.PDF_CHANGES_FORBIDDEN]:
    'L’auteur de ce PDF en interdit la modification, et signer le modifie. Demandez-lui une version sans restriction, ou imprimez-le en PDF et importez cette copie.',
  [ErrorCode.PDF_ALREADY_SIGNED]:
    'Ce PDF porte déjà une signature électronique et ne peut plus être modifié.',
  [ErrorCode.PDF_TOO_MANY_PAGES]: 'Ce PDF compte trop de pages (500 au maximum).',
  [ErrorCode.UPLOAD_URL_USED]:
    'Ce fichier a déjà été envoyé à cette adresse d’import. Choisissez à nouveau le fichier pour l’importer.',
  [ErrorCode.STORAGE_QUOTA_EXCEEDED]:
    'Votre espace de stockage est plein : %{used} utilisés sur %{limit}. Ce document ne peut pas être ajouté.',
  [ErrorCode.DOCUMENT_NOT_EDITABLE]: 'Cette demande ne peut plus être modifiée : un signataire a déjà signé.',
  [ErrorCode.DOCUMENT_NOT_READY]: 'Le document signé n’est pas encore prêt.',
  [ErrorCode.REMINDER_TOO_EARLY]: 'Une relance vient d’être envoyée. Veuillez patienter avant la suivante.',
  [ErrorCode.OTP_INVALID]: 'Code incorrect. Veuillez réessayer.',
  [ErrorCode.OTP_EXPIRED]: 'Ce code n’est plus valable. Demandez-en un nouveau.',
  [ErrorCode.OTP_TOO_SOON]: 'Un code vient d’être envoyé. Veuillez patienter avant d’en demander un autre.',
  [ErrorCode.OTP_DAILY_LIMIT]: 'Trop de codes ont été envoyés aujourd’hui. Veuillez réessayer plus tard.',
  [ErrorCode.SIGNATORY_LOCKED]:
    'Trop de codes incorrects : la signature est bloquée jusqu’à ce que l’expéditeur renvoie l’invitation.',
  [ErrorCode.NOT_YOUR_TURN]: 'Les signataires précédents n’ont pas encore signé.',
  [ErrorCode.ALREADY_SIGNED]: 'Ce document a déjà été signé par ce signataire.',
  [ErrorCode.DOCUMENT_NOT_DELIVERED]:
    'Le document doit d’abord être affiché en entier sur la page de signature. Rechargez la page.',
  [ErrorCode.REQUEST_DECLINED]: 'Un signataire a refusé de signer : la demande est close.',
  [ErrorCode.REQUEST_EXPIRED]: 'La date limite de cette demande est passée : elle ne peut plus être signée.',
};

/** Signature requests, their wizard, details and download, and the PDF viewer (source key set). */
export const signaturesFr = {
  app: {
    signature_status: {
      INIT: 'Créée',
      IN_PROGRESS: 'En cours',
      UPDATING_DOCUMENT: 'Finalisation du document',
      SIGNED: 'Signée',
      CANCEL: 'Annulée',
      CANCELLED: 'Annulée',
      DECLINED: 'Refusée',
      EXPIRED: 'Expirée',
    },
    signatures: {
      new_request: 'Nouvelle demande de signature',
      edit_request: 'Modifier la demande de signature',
      search: 'Titre ou nom d’un signataire',
      progress: '%{signed} / %{total} signés',
      empty_title: 'Aucune demande de signature pour l’instant',
      empty_body:
        'Importez un PDF ou remplissez un modèle certifié, ajoutez les signataires : ils recevront leur invitation par e-mail.',
      signing_mode: { SIMPLE: 'Simple', ADVANCED: 'Avancée', QUALIFIED: 'Qualifiée' },
      signing_flow: {
        CONCURRENT: 'Simultanée : tous les signataires sont invités en même temps',
        SEQUENCE: 'Séquentielle : chaque signataire est invité après la signature du précédent',
      },
      document_type: { CUSTOM: 'PDF importé', TEMPLATE: 'Modèle certifié' },
      signature_size: { small: 'Petite', medium: 'Moyenne', default: 'Standard', large: 'Grande' },
      position: {
        'top-left': 'En haut à gauche',
        'top-right': 'En haut à droite',
        'bottom-left': 'En bas à gauche',
        'bottom-right': 'En bas à droite',
      },
      signatory_link_closed: 'Lien désactivé',
      signatory_status: {
        WAITING: 'En attente de son tour',
        INVITED: 'Invité',
        SIGNED: 'Signé',
        DECLINED: 'A refusé de signer',
      },
      notifications: {
        created: 'Document créé : la demande de signature a été envoyée',
        updated: 'Demande de signature mise à jour',
        cancelled: 'Signature annulée',
        reminder_sent: 'La relance a été envoyée',
        fetch_list_failed: 'Échec du chargement des signatures',
        fetch_failed: 'Échec du chargement de la signature',
        fetch_details_failed: 'Échec du chargement des détails de la signature',
        create_failed: 'Échec de la création de la signature',
        update_failed: 'Échec de la mise à jour de la signature',
        cancel_failed: 'Échec de l’annulation de la signature',
        extended: 'La date limite a été prolongée',
        extend_failed: 'Échec de la prolongation de la date limite',
        reassigned: 'La demande a été réattribuée',
        reassign_failed: "La demande n'a pas pu être réattribuée",
        reminder_failed: 'Échec de l’envoi de la relance',
        download_failed: 'Échec du téléchargement du fichier',
        document_failed: 'Échec de la création du document',
      },
    },
    signature_details: {
      preview: 'Aperçu du document',
      preview_show:
        'Afficher le document (%{smart_count} page) |||| Afficher le document (%{smart_count} pages)',
      preview_failed: 'Le document n’a pas pu être affiché. Réessayez, ou téléchargez-le.',
      summary: 'Résumé',
      aml_risk: 'Risque BC/FT',
      aml_risk_level: { low: 'Faible', medium: 'Moyen', high: 'Élevé', refused: 'Relation refusée' },
      aml_risk_value: '%{level} · score %{score} sur 21',
      aml_risk_edd: 'Vigilance renforcée requise',
      aml_risk_drivers: 'Facteurs déterminants (tels qu’imprimés sur le formulaire)',
      document: 'Document',
      document_value: '%{name} · %{smart_count} page |||| %{name} · %{smart_count} pages',
      document_type: 'Origine du document',
      signing_mode: 'Type de signature',
      signing_flow: 'Ordre de signature',
      signature_size: 'Taille des signatures',
      seal: 'Sceau de la Chambre',
      seal_value: 'page %{page}, taille %{size}',
      language: 'Langue des invitations',
      created_at: 'Créée le',
      sent_at: 'Envoyée le',
      completed_at: 'Signée par tous le',
      sealed_at: 'Scellée le',
      cancelled_at: 'Annulée le',
      expires_at: 'À signer avant le',
      expired_at: 'Expirée le',
      declined_at: 'Refusée le',
      decline_title: 'Signature refusée',
      decline_by: '%{name} a refusé de signer le %{date}.',
      decline_reason: 'Motif indiqué :',
      decline_hint:
        'La demande est close : plus personne ne peut la signer. Pour recueillir les signatures, créez une nouvelle demande.',
      expired_hint:
        'La date limite est passée : la demande ne peut plus être signée. Pour recueillir les signatures, créez une nouvelle demande.',
      event_delivery: 'Document transmis : SHA-256 %{hash}, %{bytes} octets',
      event_delivery_interrupted: 'Transmission interrompue : SHA-256 %{hash}',
      event_view:
        'Document affiché : SHA-256 %{hash}, %{smart_count} page |||| Document affiché : SHA-256 %{hash}, %{smart_count} pages',
      event_decline: 'Motif : %{reason}',
      event_extend: 'Nouvelle date limite : %{date}',
      event_assign: 'Désormais en charge : %{name}',
      event_qualified_authorisation: 'Prestataire : %{provider} — transaction %{transaction}',
      event_qualified_failed: '%{reason} — transaction %{transaction}',
      qualified_failure: {
        cancelled: 'Annulée par le signataire chez le prestataire',
        unavailable: 'Prestataire injoignable ou trop lent',
        refused: 'Refusée par le prestataire',
        not_qualified: 'Aucun certificat qualifié utilisable',
        invalid_signature: 'Signature renvoyée invalide, non intégrée',
        document_changed: 'Document modifié entre-temps',
        expired: 'Délai dépassé',
        invalid_state: 'Réponse sans rapport avec cette demande',
      },
      signatories: 'Signataires',
      order: 'Ordre',
      name: 'Nom',
      email: 'E-mail',
      mobile: 'Mobile',
      placement: 'Emplacement',
      placement_value: 'page %{page}, %{position}',
      status: 'Statut',
      invited_at: 'Invité le',
      signed_at: 'Signé le',
      location: 'Lieu',
      audit_trail: 'Piste d’audit',
      audit_empty: 'Aucun événement enregistré.',
      audit_chain_valid: 'Chaîne d’audit intègre',
      audit_chain_broken: 'Chaîne d’audit altérée',
      audit_chain_valid_hint: 'Chaque événement est lié au précédent : aucun n’a été modifié ni supprimé.',
      audit_chain_broken_hint:
        'La chaîne d’empreintes ne correspond plus : contactez la Chambre immobilière.',
      actor: 'Par %{name}',
      ip: 'Adresse IP : %{ip}',
      user_agent: 'Navigateur : %{agent}',
      audit_event: AUDIT_EVENT_NAMES.fr,
      actor_platform: 'Par la plateforme',
      actor_type: {
        MEMBER: 'Membre',
        ADMIN: 'Administrateur',
        SIGNATORY: 'Signataire',
        SYSTEM: 'Plateforme',
      },
      not_found: 'Cette demande de signature est introuvable.',
      load_failed: 'Les détails de cette demande n’ont pas pu être chargés.',
      retry: 'Réessayer',
      back_to_list: 'Retour à la liste',
    },
    signature_actions: {
      remind: 'Relancer les signataires',
      remind_wait: 'Relancer dans %{time}',
      remind_next: 'Prochaine relance possible à %{time}.',
      cancel: 'Annuler la demande',
      cancel_title: 'Annuler cette demande de signature ?',
      cancel_content:
        'Les signataires ne pourront plus signer le document. Cette action ne peut pas être annulée.',
      cancel_confirm: 'Annuler la demande',
      cancel_keep: 'Conserver la demande',
      download: 'Télécharger le document signé',
      edit: 'Modifier',
      extend: 'Prolonger la date limite',
      extend_title: 'Prolonger la date limite',
      extend_intro:
        'Date limite actuelle : %{date}. Les signataires pourront signer jusqu’à la nouvelle date.',
      extend_days: 'Jours à ajouter',
      extend_days_hint: 'De 1 à 365 jours ; au plus 365 jours à partir d’aujourd’hui.',
      extend_result: 'Nouvelle date limite : %{date}',
      extend_confirm: 'Prolonger',
      extend_keep: 'Annuler',
      reassign: 'Réattribuer',
      reassign_title: 'Confier la demande à une autre personne',
      reassign_intro:
        "La personne choisie voit la demande et peut la traiter ; le changement est inscrit dans la piste d'audit.",
      reassign_person: 'Personne',
      reassign_confirm: 'Confier',
    },
    signature_download: {
      title: 'Téléchargement du document',
      preparing: 'Préparation du téléchargement…',
      started: 'Le téléchargement de « %{name} » a commencé.',
      retry: 'Relancer le téléchargement',
      failed: 'Le document n’a pas pu être téléchargé.',
      back: 'Retour à la demande',
    },
    signature_wizard: wizardFr,
    pdf: {
      loading: 'Chargement du document…',
      load_failed: 'L’aperçu du document n’a pas pu être affiché.',
      toolbar: 'Navigation dans le document',
      previous_page: 'Page précédente',
      next_page: 'Page suivante',
      page_of: 'Page %{page} sur %{count}',
      zoom_in: 'Agrandir',
      zoom_out: 'Réduire',
      zoom: 'Zoom : %{percent} %',
      preview_of: 'Aperçu de la page %{page}',
    },
  },
  errors,
  /** The field error keys the API sends for requests and templates (`validation.<rule>`). */
  validation: {
    assignee: "Choisissez une personne active de l'agence.",
    required: 'Ce champ est obligatoire',
    email: 'Adresse e-mail invalide',
    placementRequired: 'Choisissez où placer la signature',
    pageOutOfRange: 'Cette page n’existe pas dans le document',
    logoRequired: 'La signature avancée ou qualifiée nécessite le logo de votre agence',
    qualifiedUnavailable:
      'La signature qualifiée n’est pas proposée : aucun prestataire qualifié n’est raccordé',
    documentId: 'Le document est introuvable : importez-le à nouveau',
    documentNotReady: 'Le document n’est pas encore prêt : importez-le à nouveau',
    templateUnavailable: 'Ce modèle n’est pas encore disponible',
    documentTypeMismatch: 'Le document ne correspond pas à l’origine choisie',
    signatoriesMin: 'Ajoutez au moins un signataire',
    signatoriesMax: '50 signataires au maximum',
    duplicateMobile: 'Chaque signataire doit avoir son propre numéro de mobile',
    extraRoleRequired: 'Indiquez en quelle qualité cette personne signe',
    partyEmailMismatch: 'L’adresse e-mail doit être celle du formulaire',
    partyMissing: 'Chaque partie de l’acte doit signer',
    partyMobileMismatch: 'Le mobile doit être celui du formulaire',
    partyNameMismatch: 'Le nom doit être celui du formulaire',
    partyTaken: 'Cette partie signe déjà',
    partyUnknown: 'Cette partie ne figure pas dans le document',
    placementOverFrame:
      'Cet emplacement couvrirait le cadre d’une partie ou le sceau : choisissez un autre coin ou une autre page',
    duplicateOrder: 'Deux signataires ont la même position',
    isInt: 'Saisissez un nombre entier',
    isNumber: 'Saisissez un nombre',
    isBoolean: 'Valeur invalide',
    isUUID: 'Identifiant invalide',
    min: 'Cette valeur est trop petite',
    max: 'Cette valeur est trop grande',
    arrayMinSize: 'Il manque des éléments',
    arrayMaxSize: 'Il y a trop d’éléments',
    date: 'Date invalide',
    dateInFuture: 'Cette date ne peut pas être dans le futur',
    documentExpired: 'Ce document d’identité est expiré',
    matriculeBirthDate: 'Le matricule ne correspond pas à la date de naissance',
    money: 'Montant invalide (deux décimales au plus)',
    percent: 'Pourcentage invalide (entre 0 et 100, deux décimales au plus)',
    mustAccept: 'Cette case doit être cochée',
    unknownField: 'Ce champ n’est pas prévu par le modèle',
    iban: 'IBAN invalide',
    expiryTooFar: 'La date limite ne peut pas dépasser 365 jours à partir d’aujourd’hui',
    decimal: 'Nombre invalide (deux décimales au plus)',
    minItems: 'Il manque des éléments dans cette liste',
    maxItems: 'Cette liste compte trop d’éléments',
    dateOrder: 'Cette date ne respecte pas l’ordre des autres dates',
    priceBalance: 'Le solde ne correspond pas au prix moins les sommes déjà versées',
    cashRefused: 'Le paiement en espèces n’est pas accepté',
    share: 'La quote-part doit être supérieure à zéro et ne pas dépasser le total',
    sharesExceedWhole: 'Les quotes-parts vendues dépassent le total',
    sharesTotal: 'Les quotes-parts des acquéreurs doivent faire 100 %',
    cadastralParcel: 'Numéro de parcelle cadastrale invalide',
    feesTotal: 'Les honoraires TTC ne correspondent pas aux honoraires HTVA et à la TVA',
    minimumAboveAsking: 'Le prix minimum ne peut pas dépasser le prix demandé',
    exclusivityTooLong: 'La période d’exclusivité ne peut pas dépasser la durée du mandat',
    extractTooOld: 'L’extrait RCS doit dater de moins de trois mois',
    powersExpired: 'Les pouvoirs de représentation ont expiré',
    beneficialOwnerThreshold: 'Un bénéficiaire effectif détient plus de 25 %',
    consentRequired: 'Cette case doit être cochée',
    locationMin: 'Le lieu est trop court',
    declineReasonLength: 'Le motif compte de 3 à 500 caractères',
    phoneMismatch: 'Ce numéro n’est pas celui du signataire',
    documentNotDelivered: 'Le document n’a pas été reçu en entier : rechargez la page',
    pageCountMismatch: 'Le nombre de pages ne correspond pas au document',
    sha256: 'Empreinte du document invalide',
  },
  /** Labels of the list's columns and filters, under `resources.signatures`. */
  resource: {
    name: 'Signature |||| Signatures',
    fields: {
      signatureTitle: 'Titre',
      documentName: 'Document',
      status: 'Statut',
      createdAt: 'Créée le',
      signatories: 'Signataires',
      signingMode: 'Type de signature',
      documentType: 'Type de document',
      amlRiskLevel: 'Risque BC/FT',
    },
  },
};

export type SignatureMessages = typeof signaturesFr;
