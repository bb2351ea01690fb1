import { ErrorCode } from '@esign/shared';
import { accountsFr } from './accounts/fr';
import { billingFr } from './billing/fr';
import { teamFr } from './team/fr';
import { signaturesFr } from './signatures/fr';
import frenchMessages from 'ra-language-french';

const errors: Record<ErrorCode, string> = {
  [ErrorCode.VALIDATION_FAILED]: 'Certaines informations sont invalides.',
  [ErrorCode.BAD_REQUEST]: 'La demande est incorrecte.',
  [ErrorCode.UNAUTHENTICATED]: 'Veuillez vous connecter pour continuer.',
  [ErrorCode.FORBIDDEN]: "Vous n'avez pas le droit d'effectuer cette action.",
  [ErrorCode.ACCOUNT_DISABLED]: 'Votre compte est désactivé. Contactez la Chambre immobilière.',
  [ErrorCode.GDPR_CONSENT_REQUIRED]: 'Vous devez accepter la politique de protection des données.',
  [ErrorCode.NOT_FOUND]: "L'élément demandé n'existe pas.",
  [ErrorCode.CONFLICT]: "L'élément a été modifié entre-temps. Veuillez recharger la page.",
  [ErrorCode.EMAIL_ALREADY_USED]: 'Cette adresse e-mail est déjà utilisée.',
  [ErrorCode.SELF_ACTION_FORBIDDEN]: 'Vous ne pouvez pas effectuer cette action sur votre propre compte.',
  [ErrorCode.USER_NOT_DISABLED]: 'Seul un compte désactivé peut être supprimé.',
  [ErrorCode.LAST_AGENCY_MANAGER]:
    "L'agence doit garder au moins un responsable actif : nommez d'abord un autre responsable.",
  [ErrorCode.STAFF_HAS_REQUESTS]:
    "Cette personne a créé des demandes : elle reste dans les dossiers de l'agence et peut seulement être désactivée.",
  [ErrorCode.INVALID_UPLOAD]: "Le fichier envoyé est introuvable ou n'est pas du type attendu.",
  [ErrorCode.IDENTITY_PROVIDER_ERROR]:
    "Le service d'identification a refusé l'opération. Veuillez réessayer.",
  [ErrorCode.FILE_TOO_LARGE]: 'Le fichier est trop volumineux (10 Mo au maximum).',
  [ErrorCode.UNSUPPORTED_MEDIA_TYPE]: "Ce type de fichier n'est pas accepté.",
  [ErrorCode.LINK_EXPIRED]: "Ce lien n'est plus valable.",
  [ErrorCode.PDF_TOO_MANY_SIGNATURES]:
    'Ce PDF porte plus de 60 signatures : il ne peut pas être vérifié ici.',
  [ErrorCode.TOO_MANY_REQUESTS]: 'Trop de tentatives. Veuillez patienter avant de réessayer.',
  [ErrorCode.DB_UNAVAILABLE]: 'Le service est momentanément indisponible. Veuillez réessayer.',
  [ErrorCode.SERVICE_UNAVAILABLE]: 'Le service est momentanément indisponible. Veuillez réessayer.',
  [ErrorCode.INTERNAL]: 'Un problème est survenu ! Veuillez réessayer plus tard.',
  ...signaturesFr.errors,
  ...billingFr.errors,
};

/** The source key set: every other locale is typed against it. */
export const fr = {
  ra: frenchMessages.ra,
  app: {
    name: 'CIGDL e-Signature',
    search_min_length: 'Tapez au moins %{count} caractères pour rechercher.',
    language: 'Langue',
    auth: {
      title: 'Connexion',
      subtitle: 'Espace de signature électronique des membres de la Chambre immobilière',
      email: 'Adresse e-mail',
      password: 'Mot de passe',
      sign_in: 'Se connecter',
      forgot_password: 'Mot de passe oublié ?',
      account_locked:
        'Trop de tentatives : la connexion à ce compte est bloquée pendant quelques minutes. Réessayez plus tard ou choisissez un nouveau mot de passe avec « Mot de passe oublié ».',
      invalid_login: 'Vos identifiants de connexion sont incorrects',
      password_reset_required: 'Vous devez réinitialiser votre mot de passe avant de vous connecter.',
      back_to_sign_in: 'Retour à la connexion',
    },
    password: {
      new: 'Nouveau mot de passe',
      repeat: 'Répéter le mot de passe',
      rules: 'De 8 à 50 caractères, avec au moins une minuscule, une majuscule et un chiffre.',
    },
    forgot_password: {
      title: 'Mot de passe oublié',
      request_intro:
        'Étape 1 sur 2 : saisissez votre adresse e-mail, nous vous enverrons un code de vérification.',
      confirm_intro:
        'Étape 2 sur 2 : saisissez le code reçu par e-mail et choisissez un nouveau mot de passe.',
      send_code: 'Envoyer le code',
      code: 'Code de vérification',
      submit: 'Changer le mot de passe',
      email_sent: 'Un e-mail contenant un code de vérification vous a été envoyé.',
      email_error: 'Désolé, un problème est survenu. Veuillez réessayer.',
      invalid_code: 'Code incorrect. Veuillez réessayer.',
      start_again: 'Recommencer avec une autre adresse',
      done: 'Votre mot de passe a été changé. Vous pouvez maintenant vous connecter.',
    },
    new_password: {
      title: 'Choisissez votre mot de passe',
      intro: 'Pour votre première connexion, remplacez le mot de passe provisoire par le vôtre.',
      submit: 'Enregistrer et continuer',
      expired: 'Cette étape de connexion a expiré. Veuillez vous reconnecter.',
    },
    validation: {
      required: 'Ce champ est obligatoire',
      invalid_email: 'Adresse e-mail invalide',
      email_length: "L'adresse e-mail doit compter de 3 à 50 caractères",
      code_length: 'Le code compte au plus 6 caractères',
      password_rules:
        'Le mot de passe doit compter de 8 à 50 caractères, dont une minuscule, une majuscule et un chiffre',
      passwords_must_match: 'Les mots de passe doivent être identiques',
    },
    menu: {
      dashboard: 'Tableau de bord',
      users: 'Utilisateurs',
      signatures: 'Signatures',
      dev_outbox: "Boîte d'envoi",
      ...billingFr.menu,
      ...teamFr.menu,
    },
    user_menu: {
      signed_in_as: 'Connecté en tant que %{email}',
      button: '%{name}, profil et langue',
      button_unnamed: 'Profil et langue',
      interface_language: 'Langue de l’interface (les e-mails et SMS suivent celle du profil)',
    },
    footer: {
      chamber: 'Chambre immobilière du Grand-Duché de Luxembourg',
      trust_service: 'Prestataire de services de confiance : certificats et horodatage qualifiés',
      developer: 'Développé pour la Chambre et ses membres',
      report_bug: 'Signaler un problème',
      report_bug_subject: 'Problème sur la plateforme de signature',
      user_guide: "Guide d'utilisation (PDF)",
    },
    dashboard: {
      title: 'Tableau de bord',
      greeting: 'Bonjour %{name}',
      today: 'Nous sommes le %{date}.',
      ...billingFr.dashboard,
    },
    outbox: {
      title: "Boîte d'envoi de développement",
      intro:
        "Les e-mails et SMS que la plateforme a émis, tant qu'aucun vrai fournisseur d'envoi n'est configuré. Les plus récents en premier.",
      recipient: 'Adresse e-mail ou numéro de téléphone',
      recipient_too_short: 'Saisissez une adresse e-mail ou un numéro de téléphone (3 caractères au moins).',
      show: 'Afficher les messages',
      refresh: 'Actualiser',
      empty: 'Aucun message pour ce destinataire.',
      disabled:
        "La boîte d'envoi de développement est désactivée : ce serveur envoie les messages par de vrais fournisseurs d'e-mail et de SMS.",
      load_error: 'Impossible de charger les messages.',
      email: 'E-mail',
      sms: 'SMS',
      no_subject: '(sans objet)',
      not_sent: 'Pas encore envoyé',
    },
    roles: {
      ADMIN: 'Administrateur',
      GROUP_MEMBER: 'Membre du groupe',
      MEMBER: 'Membre',
    },
    errors: {
      forbidden_title: 'Accès réservé',
      forbidden:
        'Votre compte n’a pas accès à cette page : les demandes de signature sont celles des membres, la gestion des comptes celle des administrateurs.',
      not_found_title: 'Page introuvable',
      not_found: "L'adresse saisie est incorrecte ou la page n'existe plus.",
      system_title: 'Erreur système',
      system: 'Un problème est survenu ! Veuillez réessayer plus tard.',
      back_home: "Retour à l'accueil",
    },
    ...accountsFr.app,
    ...signaturesFr.app,
    billing: billingFr.billing,
    team: teamFr.team,
  },
  errors,
  validation: { ...accountsFr.validation, ...signaturesFr.validation, ...billingFr.validation },
  resources: {
    users: {
      name: 'Utilisateur |||| Utilisateurs',
      fields: {
        name: 'Nom',
        email: 'Adresse e-mail',
        mobile: 'Mobile',
        role: 'Rôle',
        isDisabled: 'Désactivé',
        createdAt: 'Créé le',
        ...accountsFr.userFields,
      },
    },
    signatures: signaturesFr.resource,
  },
};

export type Messages = typeof fr;
