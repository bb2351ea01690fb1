/** The Sign button, the signing dialog and the signed page (source key set). */
export const signingFr = {
  sign: 'Signer',
  signHint: 'Lisez le document jusqu’au bout avant de signer.',
  signHintLoading: 'Le bouton « Signer » s’active dès que le document est affiché.',
  cannotSign:
    'Le document n’a pas pu être affiché : vous ne pouvez pas le signer tant qu’il ne l’est pas. Réessayez ou téléchargez-le pour le lire ; vous pouvez aussi refuser de signer.',
  decline: {
    open: 'Refuser de signer',
    title: 'Refuser de signer',
    intro:
      'Indiquez pourquoi vous refusez de signer « {title} ». Votre motif sera transmis à {sender}. La demande sera close pour tous les signataires et ne pourra plus être signée.',
    reason: 'Motif du refus',
    reasonHint: 'De 3 à 500 caractères.',
    count: '{count} caractères sur 500',
    tooShort: 'Indiquez au moins 3 caractères.',
    back: 'Retour',
    confirm: 'Refuser de signer',
    sending: 'Envoi…',
    done: 'Votre refus a été transmis à l’expéditeur.',
    failed: 'Le refus n’a pas pu être enregistré. Réessayez.',
  },
  notYourTurn: {
    title: 'Ce n’est pas encore votre tour',
    body: 'Ce document est signé dans un ordre défini. Vous recevrez une invitation par e-mail lorsque ce sera votre tour de signer.',
  },
  dialog: {
    title: 'Signer le document',
    close: 'Fermer',
    progress: 'Étape {current} sur {total} : {name}',
    stepInfo: 'identité et consentements',
    stepOtp: 'code de confirmation',
    stepSigned: 'document signé',
  },
  info: {
    intro:
      'Vérifiez votre numéro de mobile, indiquez le lieu où vous signez et acceptez les conditions ci-dessous. Un code de confirmation vous sera ensuite envoyé par SMS.',
    mobile: 'Mobile',
    mobileHint:
      'Le code sera envoyé à ce numéro. S’il n’est pas le vôtre, ne signez pas et contactez l’expéditeur.',
    location: 'Lieu de signature',
    locationHint: 'Par exemple : Luxembourg',
    locationTooShort: 'Indiquez au moins 3 caractères.',
    consents: 'Consentements',
    required: 'obligatoire',
    sendCode: 'Envoyer le code',
    sending: 'Envoi du code…',
  },
  consents: {
    termsAndPrivacy:
      'J’accepte les conditions d’utilisation et la politique de confidentialité de la plateforme.',
    readTerms: 'Lire les conditions d’utilisation et la politique de confidentialité (nouvel onglet)',
    phoneNumberOwnership:
      'Je confirme que le numéro de mobile {mobile} est le mien et que j’en ai seul l’usage.',
    documentConsent:
      'J’ai lu l’intégralité du document « {title} », y compris ses annexes, j’en accepte le contenu et je consens à le signer par voie électronique.',
    legalParagraph:
      'Je comprends qu’en signant, j’appose une signature électronique au sens de l’article 3, point 10, du règlement (UE) n° 910/2014 (eIDAS), tel que modifié par le règlement (UE) 2024/1183, qui ne peut être privée d’effet juridique ni de recevabilité comme preuve en justice au seul motif qu’elle se présente sous une forme électronique (article 25, paragraphe 1). Conformément à la loi luxembourgeoise du 14 août 2000 relative au commerce électronique et à l’article 1322-1 du Code civil, ma signature m’identifie et manifeste mon adhésion au contenu du document ; le document signé est scellé de sorte que toute modification ultérieure soit détectable.',
    qualifiedNote:
      'La signature électronique qualifiée a un effet juridique équivalent à celui d’une signature manuscrite (article 25, paragraphe 2, eIDAS). Vous la faites avec votre propre certificat qualifié, chez votre prestataire de confiance.',
    advancedNote:
      'Cette signature est une signature électronique avancée (article 26 du règlement eIDAS) : un certificat à votre nom est émis pour ce seul document.',
  },
  otp: {
    intro: 'Un code de 8 caractères a été envoyé par SMS au {mobile}. Saisissez-le pour signer.',
    newCodeSent: 'Un nouveau code a été envoyé au {mobile}. Seul le dernier code reçu est valable.',
    code: 'Code reçu par SMS',
    codeHint: '8 lettres et chiffres, sans espace',
    invalidCode: 'Le code saisi est incorrect.',
    attemptLeft: 'Il vous reste 1 essai avec ce code.',
    attemptsLeft: 'Il vous reste {count} essais avec ce code.',
    usedUpCode:
      'Le code saisi est incorrect. Après 5 essais erronés, ce code ne peut plus servir : demandez un nouveau code.',
    expiredCode: 'Ce code a expiré ou a été remplacé par un code plus récent. Demandez un nouveau code.',
    resend: 'Renvoyer le code',
    resendWait: 'Vous pourrez demander un nouveau code dans {time}.',
    validate: 'Valider',
    validating: 'Validation…',
    validateQualified: 'Signer avec mon certificat qualifié',
    redirecting: 'Ouverture de la page de votre prestataire…',
    qualifiedIntro:
      'Après le code, vous serez conduit chez votre prestataire de confiance qualifié pour signer avec votre certificat, puis ramené ici.',
    back: 'Modifier mes informations',
    locked:
      'Trop de codes erronés : la signature est bloquée. Demandez à l’expéditeur de vous renvoyer une invitation.',
  },
  qualifiedReturn: {
    signed: 'Votre signature qualifiée a été apposée sur le document.',
    cancelled:
      'Vous avez annulé chez votre prestataire : rien n’a été signé. Vous pouvez recommencer en demandant un nouveau code.',
    unavailable:
      'Votre prestataire ne répond pas pour le moment : rien n’a été signé. Réessayez dans quelques minutes avec un nouveau code.',
    refused:
      'Votre prestataire a refusé la demande : rien n’a été signé. Vous pouvez recommencer avec un nouveau code.',
    not_qualified:
      'Aucun certificat qualifié utilisable n’a été trouvé chez votre prestataire : rien n’a été signé.',
    invalid_signature:
      'La signature renvoyée par votre prestataire ne correspond pas au document : elle n’a pas été intégrée. Vous pouvez recommencer avec un nouveau code.',
    document_changed:
      'Le document a reçu une autre signature entre-temps : rien n’a été signé. Rechargez la page, puis recommencez avec un nouveau code.',
    expired:
      'Le délai pour signer chez votre prestataire est dépassé : rien n’a été signé. Recommencez avec un nouveau code.',
    invalid_state:
      'Ce retour ne correspond à aucune signature en cours (un autre onglet, ou une page déjà utilisée) : rien n’a été signé.',
    reopenLink: 'Pour continuer, ouvrez à nouveau le lien reçu par e-mail.',
    title: 'Retour de votre prestataire',
  },
  signed: {
    title: 'Document signé',
    message: 'Votre signature a bien été enregistrée. Merci !',
    close: 'Fermer',
  },
  result: {
    title: 'Vous avez signé ce document',
    pending: 'Le document final vous sera envoyé par e-mail lorsque tous les signataires auront signé.',
    preparing: 'Le document final signé est en cours de préparation…',
    ready: 'Le document final signé est disponible.',
    download: 'Télécharger le document signé',
    downloading: 'Téléchargement…',
  },
  toasts: {
    signatureValidated: 'Signature validée',
  },
  errors: {
    network: 'Le serveur ne répond pas. Vérifiez votre connexion et réessayez.',
    fetchSignature: 'Échec du chargement de la signature',
    sendCode: 'Échec de l’envoi du code',
    validateSign: 'Échec de la validation de la signature',
    downloadFile: 'Échec du téléchargement du fichier',
    codeAlreadySent:
      'Un code vous a été envoyé il y a peu. Utilisez-le, ou attendez pour en demander un nouveau.',
    dailyLimit: 'Trop de codes ont été envoyés aujourd’hui. Réessayez plus tard.',
    codeExpired: 'Le code a expiré ou a été remplacé.',
    locked: 'Trop de codes erronés : la signature est bloquée.',
    notYourTurn: 'Ce n’est pas encore votre tour de signer.',
    alreadySigned: 'Vous avez déjà signé ce document.',
    nothingToSign: 'Cette demande de signature n’est plus disponible.',
    validation: 'Les informations envoyées ont été refusées. Vérifiez-les et réessayez.',
    documentChanged:
      'Le document a changé depuis son ouverture (un autre signataire a signé) : il a été rechargé. Relisez-le avant de signer.',
    requestDeclined: 'Un signataire a refusé de signer : la demande est close.',
    requestExpired: 'La date limite de signature est passée.',
  },
};

export type SigningMessages = typeof signingFr;
