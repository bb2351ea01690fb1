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
    body: 'Unter dieser Adresse gibt es nichts zu unterschreiben: Der Link ist ungültig oder wurde durch einen neueren ersetzt, die Anfrage wurde storniert oder die Unterzeichnung ist bereits abgeschlossen.',
    hint: 'Wenn Sie eine neuere Nachricht zu diesem Dokument erhalten haben, verwenden Sie den Link darin. Andernfalls wenden Sie sich an die Person, die Ihnen den Link gesendet hat.',
  },
  failure: {
    title: 'Systemfehler',
    body: 'Etwas ist schiefgelaufen! Bitte versuchen Sie es später erneut.',
    retry: 'Erneut versuchen',
  },
  declined: {
    title: 'Anfrage abgelehnt',
    body: 'Ein Unterzeichner hat am {date} abgelehnt, dieses Dokument zu unterschreiben: Die Anfrage ist geschlossen und kann nicht mehr unterschrieben werden.',
    bodyUndated:
      'Ein Unterzeichner hat abgelehnt, dieses Dokument zu unterschreiben: Die Anfrage ist geschlossen und kann nicht mehr unterschrieben werden.',
    hint: 'Der Absender wurde informiert. Wenden Sie sich bei Fragen an ihn.',
  },
  youDeclined: {
    title: 'Unterschrift abgelehnt',
    body: 'Sie haben abgelehnt, dieses Dokument zu unterschreiben. Die Anfrage ist geschlossen und kann nicht mehr unterschrieben werden.',
    hint: 'Der Absender hat Ihren Grund erhalten. Wenden Sie sich bei Fragen an ihn.',
  },
  expired: {
    title: 'Anfrage abgelaufen',
    body: 'Die Frist zum Unterschreiben dieses Dokuments endete am {date}: Die Anfrage kann nicht mehr unterschrieben werden.',
    bodyUndated:
      'Die Frist zum Unterschreiben dieses Dokuments ist abgelaufen: Die Anfrage kann nicht mehr unterschrieben werden.',
    hint: 'Wenn Sie es noch unterschreiben müssen, bitten Sie den Absender um eine neue Anfrage.',
  },
  request: {
    heading: 'Zu unterschreibendes Dokument',
    title: 'Anfrage',
    document: 'Dokument',
    sender: 'Gesendet von',
    expiresAt: 'Zu unterschreiben bis',
  },
  toasts: {
    close: 'Benachrichtigung schließen',
  },
  viewer: viewerDe,
  signing: signingDe,
  verify: verifyDe,
  terms: termsDe,
};
