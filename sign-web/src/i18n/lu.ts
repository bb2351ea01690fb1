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
    body: "Op dëser Adress gëtt et näischt z'ënnerschreiwen: De Link ass ongëlteg oder gouf duerch en neie Link ersat, d'Ufro gouf annuléiert oder d'Ënnerschrëft ass schonn ofgeschloss.",
    hint: "Wann Dir e méi neie Message zu dësem Dokument kritt hutt, benotzt de Link dran. Soss kontaktéiert w.e.g. d'Persoun, déi Iech de Link geschéckt huet.",
  },
  failure: {
    title: 'Systemfeeler',
    body: 'Eppes ass schifgaang! Probéiert w.e.g. méi spéit nach eng Kéier.',
    retry: 'Nach eng Kéier probéieren',
  },
  declined: {
    title: 'Ufro refuséiert',
    body: "Een Ënnerschreiwer huet den {date} refuséiert, dëst Dokument z'ënnerschreiwen: D'Ufro ass zou a kann net méi ënnerschriwwe ginn.",
    bodyUndated:
      "Een Ënnerschreiwer huet refuséiert, dëst Dokument z'ënnerschreiwen: D'Ufro ass zou a kann net méi ënnerschriwwe ginn.",
    hint: 'Den Ofsender gouf informéiert. Kontaktéiert hien, wann Dir Froen hutt.',
  },
  youDeclined: {
    title: 'Ënnerschrëft refuséiert',
    body: "Dir hutt refuséiert, dëst Dokument z'ënnerschreiwen. D'Ufro ass zou a kann net méi ënnerschriwwe ginn.",
    hint: 'Den Ofsender huet Äre Grond kritt. Kontaktéiert hien, wann Dir Froen hutt.',
  },
  expired: {
    title: 'Ufro ofgelaf',
    body: "D'Frist fir dëst Dokument z'ënnerschreiwen war den {date}: D'Ufro kann net méi ënnerschriwwe ginn.",
    bodyUndated:
      "D'Frist fir dëst Dokument z'ënnerschreiwen ass eriwwer: D'Ufro kann net méi ënnerschriwwe ginn.",
    hint: 'Wann Dir et nach ënnerschreiwe musst, frot den Ofsender no enger neier Ufro.',
  },
  request: {
    heading: "Dokument fir z'ënnerschreiwen",
    title: 'Ufro',
    document: 'Dokument',
    sender: 'Geschéckt vun',
    expiresAt: 'Z’ënnerschreiwe bis',
  },
  toasts: {
    close: 'Notifikatioun zoumaachen',
  },
  viewer: viewerLu,
  signing: signingLu,
  verify: verifyLu,
  terms: termsLu,
};
