import { type Messages } from './fr';
import { signingDe } from './signing/de';
import { termsDe } from './terms/de';
import { verifyDe } from './verify/de';
import { viewerDe } from './viewer/de';

export const de: Messages = {
  app: {
    name: 'CIGDL e-Signatur',
    title: 'Dokument unterschreiben',
    language: 'Sprache',
  },
  loading: {
    message: 'Das Dokument wird geladen…',
  },
  nothingToSign: {
    title: 'Nichts zu unterschreiben',
    body: 'Unter dieser Adresse gibt es nichts zu unterschreiben: Der Link ist ungültig, die Anfrage wurde storniert oder die Unterzeichnung ist bereits abgeschlossen.',
    hint: 'Wenn Sie glauben, dass es sich um einen Fehler handelt, wenden Sie sich an die Person, die Ihnen den Link gesendet hat.',
  },
  failure: {
    title: 'Systemfehler',
    body: 'Etwas ist schiefgelaufen! Bitte versuchen Sie es später erneut.',
    retry: 'Erneut versuchen',
  },
  request: {
    heading: 'Zu unterschreibendes Dokument',
    title: 'Anfrage',
    document: 'Dokument',
    sender: 'Gesendet von',
  },
  toasts: {
    close: 'Benachrichtigung schließen',
  },
  viewer: viewerDe,
  signing: signingDe,
  verify: verifyDe,
  terms: termsDe,
};
