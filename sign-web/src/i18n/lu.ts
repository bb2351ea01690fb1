import { type Messages } from './fr';
import { signingLu } from './signing/lu';
import { termsLu } from './terms/lu';
import { verifyLu } from './verify/lu';
import { viewerLu } from './viewer/lu';

export const lu: Messages = {
  app: {
    name: 'CIGDL e-Ënnerschrëft',
    title: 'Dokument ënnerschreiwen',
    language: 'Sprooch',
  },
  loading: {
    message: "D'Dokument gëtt gelueden…",
  },
  nothingToSign: {
    title: "Näischt z'ënnerschreiwen",
    body: "Op dëser Adress gëtt et näischt z'ënnerschreiwen: De Link ass ongëlteg, d'Ufro gouf annuléiert oder d'Ënnerschrëft ass schonn ofgeschloss.",
    hint: "Wann Dir mengt, datt et e Feeler ass, kontaktéiert w.e.g. d'Persoun, déi Iech de Link geschéckt huet.",
  },
  failure: {
    title: 'Systemfeeler',
    body: 'Eppes ass schifgaang! Probéiert w.e.g. méi spéit nach eng Kéier.',
    retry: 'Nach eng Kéier probéieren',
  },
  request: {
    heading: "Dokument fir z'ënnerschreiwen",
    title: 'Ufro',
    document: 'Dokument',
    sender: 'Geschéckt vun',
  },
  toasts: {
    close: 'Notifikatioun zoumaachen',
  },
  viewer: viewerLu,
  signing: signingLu,
  verify: verifyLu,
  terms: termsLu,
};
