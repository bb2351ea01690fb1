import { type TermsMessages } from './fr';

export const termsEn: TermsMessages = {
  title: 'Terms of use and privacy policy',
  intro:
    'The real-estate chamber provides its members with an electronic-signature platform. By signing through it, you accept the following terms.',
  eidasTitle: 'Legal framework',
  eidas:
    'Signatures are made under Regulation (EU) No 910/2014 of 23 July 2014 on electronic identification and trust services (eIDAS), as amended by Regulation (EU) 2024/1183, and the Luxembourg law of 14 August 2000 on electronic commerce (Article 1322-1 of the Civil Code).',
  evidence:
    'To prove your signature, the platform keeps the link used, the sending and checking of the SMS code, your consents, the place you gave, the date and time, your IP address, your browser and the document’s fingerprint. They are recorded in a chained audit trail and attached to the final sealed document.',
  privacyTitle: 'Data protection',
  privacy:
    'Your personal data (name, e-mail, mobile number) are processed under Regulation (EU) 2016/679 (GDPR), only to organise the signing and keep its proof. Your mobile number is used only to send you one-time codes.',
  rights:
    'You may ask the document’s sender or the real-estate chamber for access to your data, its correction or the restriction of its processing. Signing evidence is kept for as long as the law requires.',
};
