import { signingFr } from './signing/fr';
import { termsFr } from './terms/fr';
import { verifyFr } from './verify/fr';
import { viewerFr } from './viewer/fr';

/** The source key set: every other locale is typed against it. */
export const fr = {
  app: {
    name: 'CIGDL e-Signature',
    title: 'Signature de document',
    language: 'Langue',
  },
  loading: {
    message: 'Chargement du document…',
  },
  nothingToSign: {
    title: 'Rien à signer',
    body: "Il n'y a rien à signer à cette adresse : le lien est invalide ou a été remplacé par un plus récent, la demande a été annulée ou la signature est déjà terminée.",
    hint: "Si vous avez reçu un message plus récent pour ce document, utilisez le lien qu'il contient. Sinon, contactez la personne qui vous a envoyé le lien.",
  },
  failure: {
    title: 'Erreur système',
    body: 'Un problème est survenu ! Veuillez réessayer plus tard.',
    retry: 'Réessayer',
  },
  declined: {
    title: 'Demande refusée',
    body: 'Un signataire a refusé de signer ce document le {date} : la demande est close et ne peut plus être signée.',
    bodyUndated:
      'Un signataire a refusé de signer ce document : la demande est close et ne peut plus être signée.',
    hint: 'L’expéditeur en a été informé. Contactez-le si vous avez des questions.',
  },
  youDeclined: {
    title: 'Signature refusée',
    body: 'Vous avez refusé de signer ce document. La demande est close et ne peut plus être signée.',
    hint: 'L’expéditeur a reçu votre motif. Contactez-le si vous avez des questions.',
  },
  expired: {
    title: 'Demande expirée',
    body: 'La date limite pour signer ce document était le {date} : la demande ne peut plus être signée.',
    bodyUndated: 'La date limite pour signer ce document est passée : la demande ne peut plus être signée.',
    hint: 'Si vous devez encore le signer, demandez à l’expéditeur de vous envoyer une nouvelle demande.',
  },
  request: {
    heading: 'Document à signer',
    title: 'Demande',
    document: 'Document',
    sender: 'Envoyé par',
    expiresAt: 'À signer avant le',
  },
  toasts: {
    close: 'Fermer la notification',
  },
  viewer: viewerFr,
  signing: signingFr,
  verify: verifyFr,
  terms: termsFr,
};

export type Messages = typeof fr;
