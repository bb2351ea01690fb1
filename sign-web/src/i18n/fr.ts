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
    body: "Il n'y a rien à signer à cette adresse : le lien est invalide, la demande a été annulée ou la signature est déjà terminée.",
    hint: "Si vous pensez qu'il s'agit d'une erreur, contactez la personne qui vous a envoyé le lien.",
  },
  failure: {
    title: 'Erreur système',
    body: 'Un problème est survenu ! Veuillez réessayer plus tard.',
    retry: 'Réessayer',
  },
  request: {
    heading: 'Document à signer',
    title: 'Demande',
    document: 'Document',
    sender: 'Envoyé par',
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
