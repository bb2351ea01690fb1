import { type SigningMessages } from './fr';

export const signingDe: SigningMessages = {
  sign: 'Unterschreiben',
  signHint: 'Lesen Sie das Dokument vollständig, bevor Sie unterschreiben.',
  signHintLoading: 'Die Schaltfläche „Unterschreiben“ wird verfügbar, sobald das Dokument angezeigt wird.',
  cannotSign:
    'Das Dokument konnte nicht angezeigt werden: Sie können es erst unterschreiben, wenn es angezeigt wird. Versuchen Sie es erneut oder laden Sie es herunter, um es zu lesen; Sie können die Unterschrift auch ablehnen.',
  decline: {
    open: 'Unterschrift ablehnen',
    title: 'Unterschrift ablehnen',
    intro:
      'Geben Sie an, warum Sie „{title}“ nicht unterschreiben. Ihr Grund wird an {sender} übermittelt. Die Anfrage wird für alle Unterzeichner geschlossen und kann nicht mehr unterschrieben werden.',
    reason: 'Grund der Ablehnung',
    reasonHint: '3 bis 500 Zeichen.',
    count: '{count} von 500 Zeichen',
    tooShort: 'Geben Sie mindestens 3 Zeichen ein.',
    back: 'Zurück',
    confirm: 'Unterschrift ablehnen',
    sending: 'Wird gesendet…',
    done: 'Ihre Ablehnung wurde an den Absender übermittelt.',
    failed: 'Ihre Ablehnung konnte nicht gespeichert werden. Versuchen Sie es erneut.',
  },
  notYourTurn: {
    title: 'Sie sind noch nicht an der Reihe',
    body: 'Dieses Dokument wird in einer festgelegten Reihenfolge unterschrieben. Sie werden per E-Mail eingeladen, sobald Sie an der Reihe sind.',
  },
  dialog: {
    title: 'Dokument unterschreiben',
    close: 'Schließen',
    progress: 'Schritt {current} von {total}: {name}',
    stepInfo: 'Identität und Einwilligungen',
    stepOtp: 'Bestätigungscode',
    stepSigned: 'Dokument unterschrieben',
  },
  info: {
    intro:
      'Prüfen Sie Ihre Mobilnummer, geben Sie an, wo Sie unterschreiben, und akzeptieren Sie die folgenden Bedingungen. Anschließend erhalten Sie einen Bestätigungscode per SMS.',
    mobile: 'Mobilnummer',
    mobileHint:
      'Der Code wird an diese Nummer gesendet. Ist es nicht Ihre, unterschreiben Sie nicht und wenden Sie sich an den Absender.',
    location: 'Ort der Unterzeichnung',
    locationHint: 'Zum Beispiel: Luxemburg',
    locationTooShort: 'Geben Sie mindestens 3 Zeichen ein.',
    consents: 'Einwilligungen',
    required: 'Pflichtfeld',
    sendCode: 'Code senden',
    sending: 'Code wird gesendet…',
  },
  consents: {
    termsAndPrivacy: 'Ich akzeptiere die Nutzungsbedingungen und die Datenschutzerklärung der Plattform.',
    readTerms: 'Nutzungsbedingungen und Datenschutzerklärung lesen (neuer Tab)',
    phoneNumberOwnership: 'Ich bestätige, dass die Mobilnummer {mobile} meine ist und nur ich sie verwende.',
    documentConsent:
      'Ich habe das Dokument „{title}“ einschließlich seiner Anlagen vollständig gelesen, stimme seinem Inhalt zu und willige ein, es elektronisch zu unterschreiben.',
    legalParagraph:
      'Mir ist bewusst, dass ich mit der Unterzeichnung eine elektronische Signatur im Sinne von Artikel 3 Nummer 10 der Verordnung (EU) Nr. 910/2014 (eIDAS) in der durch die Verordnung (EU) 2024/1183 geänderten Fassung leiste, der die Rechtswirkung und die Zulässigkeit als Beweismittel in Gerichtsverfahren nicht allein deshalb abgesprochen werden dürfen, weil sie in elektronischer Form vorliegt (Artikel 25 Absatz 1). Nach dem luxemburgischen Gesetz vom 14. August 2000 über den elektronischen Geschäftsverkehr und Artikel 1322-1 des Zivilgesetzbuches identifiziert mich meine Signatur und bringt meine Zustimmung zum Inhalt des Dokuments zum Ausdruck; das unterschriebene Dokument wird so versiegelt, dass jede spätere Änderung erkennbar ist.',
    qualifiedNote:
      'Eine qualifizierte elektronische Signatur hat die gleiche Rechtswirkung wie eine handschriftliche Unterschrift (Art. 25 Abs. 2 eIDAS). Sie leisten sie mit Ihrem eigenen qualifizierten Zertifikat bei Ihrem Vertrauensdiensteanbieter.',
    advancedNote:
      'Dies ist eine fortgeschrittene elektronische Signatur (Artikel 26 der eIDAS-Verordnung): Für dieses eine Dokument wird ein Zertifikat auf Ihren Namen ausgestellt.',
  },
  otp: {
    intro:
      'Ein 8-stelliger Code wurde per SMS an {mobile} gesendet. Geben Sie ihn ein, um zu unterschreiben.',
    newCodeSent: 'Ein neuer Code wurde per SMS an {mobile} gesendet. Nur der zuletzt erhaltene Code gilt.',
    code: 'Per SMS erhaltener Code',
    codeHint: '8 Buchstaben und Ziffern, ohne Leerzeichen',
    invalidCode: 'Der eingegebene Code ist falsch. Bitte versuchen Sie es erneut.',
    attemptLeft: 'Sie haben mit diesem Code noch 1 Versuch.',
    attemptsLeft: 'Sie haben mit diesem Code noch {count} Versuche.',
    usedUpCode:
      'Der Code ist falsch. Nach 5 falschen Versuchen ist dieser Code nicht mehr gültig: Fordern Sie einen neuen Code an.',
    expiredCode:
      'Dieser Code ist abgelaufen oder wurde durch einen neueren ersetzt. Fordern Sie einen neuen Code an.',
    resend: 'Code erneut senden',
    resendWait: 'Sie können in {time} einen neuen Code anfordern.',
    validate: 'Bestätigen',
    validating: 'Wird bestätigt…',
    validateQualified: 'Mit meinem qualifizierten Zertifikat unterschreiben',
    redirecting: 'Die Seite Ihres Anbieters wird geöffnet…',
    qualifiedIntro:
      'Nach dem Code werden Sie zu Ihrem qualifizierten Vertrauensdiensteanbieter geleitet, um mit Ihrem Zertifikat zu unterschreiben, und danach hierher zurückgebracht.',
    back: 'Meine Angaben ändern',
    locked:
      'Zu viele falsche Codes: Die Unterzeichnung ist gesperrt. Bitten Sie den Absender, Ihnen eine neue Einladung zu senden.',
  },
  qualifiedReturn: {
    signed: 'Ihre qualifizierte Signatur wurde auf dem Dokument angebracht.',
    cancelled:
      'Sie haben bei Ihrem Anbieter abgebrochen: Es wurde nichts unterschrieben. Sie können mit einem neuen Code von vorne beginnen.',
    unavailable:
      'Ihr Anbieter antwortet gerade nicht: Es wurde nichts unterschrieben. Versuchen Sie es in einigen Minuten mit einem neuen Code erneut.',
    refused:
      'Ihr Anbieter hat die Anfrage abgelehnt: Es wurde nichts unterschrieben. Sie können mit einem neuen Code von vorne beginnen.',
    not_qualified:
      'Bei Ihrem Anbieter wurde kein verwendbares qualifiziertes Zertifikat gefunden: Es wurde nichts unterschrieben.',
    invalid_signature:
      'Die von Ihrem Anbieter zurückgegebene Signatur passt nicht zum Dokument: Sie wurde nicht eingebettet. Sie können mit einem neuen Code von vorne beginnen.',
    document_changed:
      'Das Dokument hat inzwischen eine andere Signatur erhalten: Es wurde nichts unterschrieben. Laden Sie die Seite neu und beginnen Sie mit einem neuen Code von vorne.',
    expired:
      'Die Zeit zum Unterschreiben bei Ihrem Anbieter ist abgelaufen: Es wurde nichts unterschrieben. Beginnen Sie mit einem neuen Code von vorne.',
    invalid_state:
      'Diese Rückkehr passt zu keiner laufenden Signatur (ein anderer Tab oder eine bereits verwendete Seite): Es wurde nichts unterschrieben.',
    reopenLink: 'Um fortzufahren, öffnen Sie den per E-Mail erhaltenen Link erneut.',
    title: 'Zurück von Ihrem Anbieter',
  },
  signed: {
    title: 'Dokument unterschrieben',
    message: 'Ihre Unterschrift wurde gespeichert. Vielen Dank!',
    close: 'Schließen',
  },
  result: {
    title: 'Sie haben dieses Dokument unterschrieben',
    pending: 'Das endgültige Dokument wird Ihnen per E-Mail zugesandt, sobald alle unterschrieben haben.',
    preparing: 'Das endgültige unterschriebene Dokument wird vorbereitet…',
    ready: 'Das endgültige unterschriebene Dokument ist verfügbar.',
    download: 'Unterschriebenes Dokument herunterladen',
    downloading: 'Wird heruntergeladen…',
  },
  toasts: {
    signatureValidated: 'Unterschrift bestätigt',
  },
  errors: {
    network: 'Der Server antwortet nicht. Prüfen Sie Ihre Verbindung und versuchen Sie es erneut.',
    fetchSignature: 'Die Signaturanfrage konnte nicht geladen werden',
    sendCode: 'Der Code konnte nicht gesendet werden',
    validateSign: 'Die Unterschrift konnte nicht bestätigt werden',
    downloadFile: 'Die Datei konnte nicht heruntergeladen werden',
    codeAlreadySent:
      'Ihnen wurde gerade erst ein Code gesendet. Verwenden Sie ihn oder warten Sie, um einen neuen anzufordern.',
    dailyLimit: 'Heute wurden zu viele Codes gesendet. Versuchen Sie es später erneut.',
    codeExpired: 'Der Code ist abgelaufen oder wurde ersetzt.',
    locked: 'Zu viele falsche Codes: Die Unterzeichnung ist gesperrt.',
    notYourTurn: 'Sie sind mit der Unterzeichnung noch nicht an der Reihe.',
    alreadySigned: 'Sie haben dieses Dokument bereits unterschrieben.',
    nothingToSign: 'Diese Signaturanfrage ist nicht mehr verfügbar.',
    validation: 'Ihre Angaben wurden abgelehnt. Prüfen Sie sie und versuchen Sie es erneut.',
    documentChanged:
      'Das Dokument hat sich seit dem Öffnen geändert (ein anderer Unterzeichner hat unterschrieben): Es wurde neu geladen. Lesen Sie es erneut, bevor Sie unterschreiben.',
    requestDeclined: 'Ein Unterzeichner hat die Unterschrift abgelehnt: Die Anfrage ist geschlossen.',
    requestExpired: 'Die Frist zum Unterschreiben ist abgelaufen.',
  },
};
