import { AUDIT_EVENT_NAMES, type AuditEventType, type Locale, type SigningMode } from '@esign/shared';

/** Every text of the audit pages, per language. */
export interface AuditReportTexts {
  title: string;
  /** The footer of each audit page; the placeholders {page} and {pages} are filled in when laid out. */
  page: string;
  request: string;
  reference: string;
  requestTitle: string;
  sender: string;
  document: string;
  documentSha256: string;
  signingMode: string;
  modes: Record<SigningMode, string>;
  sealedAt: string;
  signatories: string;
  email: string;
  phone: string;
  order: string;
  /** When the signing link received the complete document, and how many bytes. */
  deliveredAt: string;
  deliveredValue: (time: string, bytes: number) => string;
  deliveredSha256: string;
  /** When the signing page reported the document rendered, and its page count. */
  viewedAt: string;
  viewedValue: (time: string, pages: number) => string;
  viewedSha256: string;
  signedRevisionSha256: string;
  signedAt: string;
  location: string;
  ip: string;
  userAgent: string;
  method: string;
  oneTimeCodeBySms: string;
  certificateSerial: string;
  certificateFingerprint: string;
  consents: string;
  textVersion: (version: string) => string;
  consentNames: Record<string, string>;
  events: string;
  eventNames: Record<AuditEventType, string>;
  chain: (verified: boolean) => string;
  attachment: (fileName: string) => string;
  legalTitle: string;
  legalNote: string;
  /** Added to the legal note when the signatures are qualified (eIDAS art. 25(2)). */
  qualifiedLegalNote: string;
}

const fr: AuditReportTexts = {
  title: 'Rapport de preuve de signature électronique',
  page: 'Page {page} / {pages}',
  request: 'Demande',
  reference: 'Référence',
  requestTitle: 'Titre',
  sender: 'Expéditeur',
  document: 'Document',
  documentSha256: 'SHA-256 du document approuvé',
  signingMode: 'Type de signature',
  modes: {
    SIMPLE: 'Signature électronique simple',
    ADVANCED: 'Signature électronique avancée',
    QUALIFIED: 'Signature électronique qualifiée',
  },
  sealedAt: 'Scellé le',
  signatories: 'Signataires',
  email: 'E-mail',
  phone: 'Téléphone',
  order: 'Ordre',
  deliveredAt: 'Document transmis le',
  deliveredValue: (time, bytes) => `${time} (${bytes} octets)`,
  deliveredSha256: 'SHA-256 du document transmis',
  viewedAt: 'Document affiché le',
  viewedValue: (time, pages) => `${time} (${pages} page${pages > 1 ? 's' : ''})`,
  viewedSha256: 'SHA-256 du document affiché',
  signedRevisionSha256: 'SHA-256 de la version signée',
  signedAt: 'Signé le',
  location: 'Lieu',
  ip: 'Adresse IP',
  userAgent: 'Navigateur',
  method: 'Méthode',
  oneTimeCodeBySms: 'code à usage unique envoyé par SMS',
  certificateSerial: 'N° de série du certificat',
  certificateFingerprint: 'Empreinte SHA-256 du certificat',
  consents: 'Consentements',
  textVersion: (version) => `version des textes ${version}`,
  consentNames: {
    termsAndPrivacy: 'conditions et vie privée',
    phoneNumberOwnership: 'numéro de téléphone personnel',
    documentConsent: 'accord sur le document',
    legalParagraph: 'mention légale',
  },
  events: 'Journal des événements',
  eventNames: AUDIT_EVENT_NAMES.fr,
  chain: (verified) =>
    verified
      ? 'Chaîne de hachage du journal : vérifiée, aucun événement modifié ni supprimé.'
      : 'Chaîne de hachage du journal : NON vérifiée.',
  attachment: (fileName) => `Le journal complet, chaîné par hachage, est joint à ce PDF (${fileName}).`,
  legalTitle: 'Valeur juridique',
  qualifiedLegalNote:
    'La signature électronique qualifiée a un effet juridique équivalent à celui d’une signature manuscrite (article 25, paragraphe 2, eIDAS).',
  legalNote:
    'Les signatures de ce document sont des signatures électroniques au sens du règlement (UE) n° 910/2014 ' +
    '(eIDAS), tel que modifié par le règlement (UE) 2024/1183 : simples (article 3, point 10) ou avancées ' +
    '(article 26) selon le type indiqué ci-dessus. Conformément à la loi luxembourgeoise du 14 août 2000 ' +
    'relative au commerce électronique et à l’article 1322-1 du Code civil, la signature identifie son ' +
    'auteur et manifeste son adhésion au contenu de l’acte. Le document porte le cachet électronique de la ' +
    'Chambre et un horodatage qui en protègent l’intégrité : toute modification ultérieure est détectable.',
};

const en: AuditReportTexts = {
  title: 'Electronic signature evidence report',
  page: 'Page {page} of {pages}',
  request: 'Request',
  reference: 'Reference',
  requestTitle: 'Title',
  sender: 'Sender',
  document: 'Document',
  documentSha256: 'SHA-256 of the approved document',
  signingMode: 'Signature type',
  modes: {
    SIMPLE: 'Simple electronic signature',
    ADVANCED: 'Advanced electronic signature',
    QUALIFIED: 'Qualified electronic signature',
  },
  sealedAt: 'Sealed at',
  signatories: 'Signatories',
  email: 'E-mail',
  phone: 'Phone',
  order: 'Order',
  deliveredAt: 'Document delivered at',
  deliveredValue: (time, bytes) => `${time} (${bytes} bytes)`,
  deliveredSha256: 'SHA-256 of the document delivered',
  viewedAt: 'Document displayed at',
  viewedValue: (time, pages) => `${time} (${pages} page${pages > 1 ? 's' : ''})`,
  viewedSha256: 'SHA-256 of the document displayed',
  signedRevisionSha256: 'SHA-256 of the version signed',
  signedAt: 'Signed at',
  location: 'Location',
  ip: 'IP address',
  userAgent: 'User agent',
  method: 'Method',
  oneTimeCodeBySms: 'one-time code sent by SMS',
  certificateSerial: 'Certificate serial number',
  certificateFingerprint: 'Certificate SHA-256 fingerprint',
  consents: 'Consents',
  textVersion: (version) => `text version ${version}`,
  consentNames: {
    termsAndPrivacy: 'terms and privacy',
    phoneNumberOwnership: 'ownership of the phone number',
    documentConsent: 'agreement to the document',
    legalParagraph: 'legal notice',
  },
  events: 'Event log',
  eventNames: AUDIT_EVENT_NAMES.en,
  chain: (verified) =>
    verified
      ? 'Hash chain of the event log: verified, no event changed or removed.'
      : 'Hash chain of the event log: NOT verified.',
  attachment: (fileName) => `The complete, hash-chained event log is attached to this PDF (${fileName}).`,
  legalTitle: 'Legal value',
  qualifiedLegalNote:
    'A qualified electronic signature has the same legal effect as a handwritten signature (Art. 25(2) eIDAS).',
  legalNote:
    'The signatures on this document are electronic signatures within the meaning of Regulation (EU) ' +
    'No 910/2014 (eIDAS), as amended by Regulation (EU) 2024/1183: simple (Article 3(10)) or advanced ' +
    '(Article 26) as stated above. Under the Luxembourg law of 14 August 2000 on electronic commerce and ' +
    'Article 1322-1 of the Civil Code, a signature identifies its author and shows their adherence to the ' +
    'content of the deed. The document carries the Chamber’s electronic seal and a time-stamp protecting ' +
    'its integrity: any later change is detectable.',
};

const de: AuditReportTexts = {
  title: 'Nachweisbericht der elektronischen Unterzeichnung',
  page: 'Seite {page} von {pages}',
  request: 'Anfrage',
  reference: 'Referenz',
  requestTitle: 'Titel',
  sender: 'Absender',
  document: 'Dokument',
  documentSha256: 'SHA-256 des genehmigten Dokuments',
  signingMode: 'Signaturart',
  modes: {
    SIMPLE: 'Einfache elektronische Signatur',
    ADVANCED: 'Fortgeschrittene elektronische Signatur',
    QUALIFIED: 'Qualifizierte elektronische Signatur',
  },
  sealedAt: 'Versiegelt am',
  signatories: 'Unterzeichner',
  email: 'E-Mail',
  phone: 'Telefon',
  order: 'Reihenfolge',
  deliveredAt: 'Dokument übermittelt am',
  deliveredValue: (time, bytes) => `${time} (${bytes} Byte)`,
  deliveredSha256: 'SHA-256 des übermittelten Dokuments',
  viewedAt: 'Dokument angezeigt am',
  viewedValue: (time, pages) => `${time} (${pages} ${pages > 1 ? 'Seiten' : 'Seite'})`,
  viewedSha256: 'SHA-256 des angezeigten Dokuments',
  signedRevisionSha256: 'SHA-256 der unterschriebenen Fassung',
  signedAt: 'Unterschrieben am',
  location: 'Ort',
  ip: 'IP-Adresse',
  userAgent: 'Browser',
  method: 'Verfahren',
  oneTimeCodeBySms: 'per SMS gesendeter Einmalcode',
  certificateSerial: 'Seriennummer des Zertifikats',
  certificateFingerprint: 'SHA-256-Fingerabdruck des Zertifikats',
  consents: 'Einwilligungen',
  textVersion: (version) => `Textfassung ${version}`,
  consentNames: {
    termsAndPrivacy: 'Bedingungen und Datenschutz',
    phoneNumberOwnership: 'Inhaberschaft der Telefonnummer',
    documentConsent: 'Zustimmung zum Dokument',
    legalParagraph: 'rechtlicher Hinweis',
  },
  events: 'Ereignisprotokoll',
  eventNames: AUDIT_EVENT_NAMES.de,
  chain: (verified) =>
    verified
      ? 'Hash-Kette des Protokolls: geprüft, kein Ereignis geändert oder entfernt.'
      : 'Hash-Kette des Protokolls: NICHT bestätigt.',
  attachment: (fileName) =>
    `Das vollständige, per Hash verkettete Protokoll ist diesem PDF beigefügt (${fileName}).`,
  legalTitle: 'Rechtliche Bedeutung',
  qualifiedLegalNote:
    'Eine qualifizierte elektronische Signatur hat die gleiche Rechtswirkung wie eine handschriftliche Unterschrift (Art. 25 Abs. 2 eIDAS).',
  legalNote:
    'Die Unterschriften auf diesem Dokument sind elektronische Signaturen im Sinne der Verordnung (EU) ' +
    'Nr. 910/2014 (eIDAS) in der durch die Verordnung (EU) 2024/1183 geänderten Fassung: einfach (Artikel 3 ' +
    'Nummer 10) oder fortgeschritten (Artikel 26), wie oben angegeben. Nach dem luxemburgischen Gesetz vom ' +
    '14. August 2000 über den elektronischen Geschäftsverkehr und Artikel 1322-1 des Zivilgesetzbuches ' +
    'identifiziert die Unterschrift ihren Urheber und bekundet seine Zustimmung zum Inhalt der Urkunde. Das ' +
    'Dokument trägt das elektronische Siegel der Kammer und einen Zeitstempel, die seine Unversehrtheit ' +
    'schützen: jede spätere Änderung ist erkennbar.',
};

const lu: AuditReportTexts = {
  title: 'Beweisbericht vun der elektronescher Ënnerschrëft',
  page: 'Säit {page} vun {pages}',
  request: 'Ufro',
  reference: 'Referenz',
  requestTitle: 'Titel',
  sender: 'Ofsender',
  document: 'Dokument',
  documentSha256: 'SHA-256 vum guttgeheeschenen Dokument',
  signingMode: 'Aart vun Ënnerschrëft',
  modes: {
    SIMPLE: 'Einfach elektronesch Ënnerschrëft',
    ADVANCED: 'Fortgeschratt elektronesch Ënnerschrëft',
    QUALIFIED: 'Qualifizéiert elektronesch Ënnerschrëft',
  },
  sealedAt: 'Versigelt den',
  signatories: 'Ënnerschreiwer',
  email: 'E-Mail',
  phone: 'Telefon',
  order: 'Reiefolleg',
  deliveredAt: 'Dokument iwwermëttelt den',
  deliveredValue: (time, bytes) => `${time} (${bytes} Byte)`,
  deliveredSha256: 'SHA-256 vum iwwermëttelten Dokument',
  viewedAt: 'Dokument ugewisen den',
  viewedValue: (time, pages) => `${time} (${pages} ${pages > 1 ? 'Säiten' : 'Säit'})`,
  viewedSha256: 'SHA-256 vum ugewisenen Dokument',
  signedRevisionSha256: 'SHA-256 vun der ënnerschriwwener Versioun',
  signedAt: 'Ënnerschriwwen den',
  location: 'Plaz',
  ip: 'IP-Adress',
  userAgent: 'Browser',
  method: 'Method',
  oneTimeCodeBySms: 'Eemolcode per SMS geschéckt',
  certificateSerial: 'Seriennummer vum Zertifikat',
  certificateFingerprint: 'SHA-256-Fangerofdrock vum Zertifikat',
  consents: 'Averständnisser',
  textVersion: (version) => `Textversioun ${version}`,
  consentNames: {
    termsAndPrivacy: 'Konditiounen an Dateschutz',
    phoneNumberOwnership: 'Besëtz vun der Telefonsnummer',
    documentConsent: 'Averständnis mam Dokument',
    legalParagraph: 'juristeschen Hiweis',
  },
  events: 'Journal vun den Evenementer',
  eventNames: AUDIT_EVENT_NAMES.lu,
  chain: (verified) =>
    verified
      ? 'Hash-Kette vum Journal: iwwerpréift, keen Evenement geännert oder geläscht.'
      : 'Hash-Kette vum Journal: NET bestätegt.',
  attachment: (fileName) =>
    `De komplette Journal, mat Hashen verkett, ass un dëse PDF ugehaang (${fileName}).`,
  legalTitle: 'Juristesche Wäert',
  qualifiedLegalNote:
    'Eng qualifizéiert elektronesch Ënnerschrëft huet déiselwecht juristesch Wierkung wéi eng handschrëftlech Ënnerschrëft (Art. 25(2) eIDAS).',
  legalNote:
    'D’Ënnerschrëften op dësem Dokument sinn elektronesch Ënnerschrëften am Sënn vun der Verordnung (EU) ' +
    'Nr. 910/2014 (eIDAS), esou wéi se duerch d’Verordnung (EU) 2024/1183 geännert gouf: einfach (Artikel 3 ' +
    'Punkt 10) oder fortgeschratt (Artikel 26), wéi uewe uginn. Nom lëtzebuergesche Gesetz vum 14. August ' +
    '2000 iwwer den elektroneschen Handel an dem Artikel 1322-1 vum Code civil identifizéiert d’Ënnerschrëft ' +
    'hiren Auteur a weist, datt en dem Inhalt vum Akt zoustëmmt. D’Dokument dréit den elektronesche Siegel ' +
    'vun der Chamber an en Zäitstempel, déi seng Integritéit schützen: all spéider Ännerung ass erkennbar.',
};

const TEXTS: Record<Locale, AuditReportTexts> = { fr, en, de, lu };

export function auditReportTexts(language: Locale): AuditReportTexts {
  return TEXTS[language];
}
