import { DEFAULT_LOCALE, type Locale } from '@esign/shared';

/** Texts of the signing journey: the code SMS, the lock notice to the member, the final document. */
interface SigningMessages {
  otpSms: (values: { code: string; title: string }) => string;
  locked: {
    subject: (title: string) => string;
    body: (values: { signatoryName: string; title: string }) => string;
  };
  completed: {
    subject: (title: string) => string;
    body: (values: { name: string; title: string; link: string }) => string;
  };
}

const fr: SigningMessages = {
  otpSms: ({ code, title }) =>
    `${code} est votre code pour signer « ${title} » (Chambre immobilière). Valable 10 minutes. Ne le communiquez à personne.`,
  locked: {
    subject: (title) => `Signature bloquée : ${title}`,
    body: ({ signatoryName, title }) =>
      `Bonjour,\n\nTrop de codes erronés ont été saisis pour ${signatoryName} sur « ${title} ». Par sécurité, la signature est bloquée. Envoyez un rappel depuis la demande pour la débloquer si c'est bien cette personne.\n\nLa Chambre immobilière`,
  },
  completed: {
    subject: (title) => `Document signé : ${title}`,
    body: ({ name, title, link }) =>
      `Bonjour ${name},\n\nToutes les signatures ont été recueillies sur « ${title} ». Le document final, scellé par la Chambre immobilière, se télécharge depuis votre lien personnel :\n${link}\n\nCordialement,\nLa Chambre immobilière`,
  },
};

const en: SigningMessages = {
  otpSms: ({ code, title }) =>
    `${code} is your code to sign "${title}" (real-estate chamber). Valid 10 minutes. Do not share it with anyone.`,
  locked: {
    subject: (title) => `Signature blocked: ${title}`,
    body: ({ signatoryName, title }) =>
      `Hello,\n\nToo many wrong codes were entered for ${signatoryName} on "${title}". For safety, signing is blocked. Send a reminder from the request to unblock it if this is really that person.\n\nThe real-estate chamber`,
  },
  completed: {
    subject: (title) => `Document signed: ${title}`,
    body: ({ name, title, link }) =>
      `Hello ${name},\n\nAll signatures have been collected on "${title}". The final document, sealed by the real-estate chamber, can be downloaded from your personal link:\n${link}\n\nKind regards,\nThe real-estate chamber`,
  },
};

const de: SigningMessages = {
  otpSms: ({ code, title }) =>
    `${code} ist Ihr Code zum Unterschreiben von „${title}“ (Immobilienkammer). 10 Minuten gültig. Geben Sie ihn an niemanden weiter.`,
  locked: {
    subject: (title) => `Unterschrift gesperrt: ${title}`,
    body: ({ signatoryName, title }) =>
      `Guten Tag,\n\nFür ${signatoryName} wurden bei „${title}“ zu viele falsche Codes eingegeben. Aus Sicherheitsgründen ist das Unterschreiben gesperrt. Senden Sie aus der Anfrage eine Erinnerung, um es freizugeben, wenn es wirklich diese Person ist.\n\nDie Immobilienkammer`,
  },
  completed: {
    subject: (title) => `Dokument unterschrieben: ${title}`,
    body: ({ name, title, link }) =>
      `Guten Tag ${name},\n\nalle Unterschriften für „${title}“ liegen vor. Das endgültige, von der Immobilienkammer versiegelte Dokument können Sie über Ihren persönlichen Link herunterladen:\n${link}\n\nMit freundlichen Grüßen\nDie Immobilienkammer`,
  },
};

const lu: SigningMessages = {
  otpSms: ({ code, title }) =>
    `${code} ass Äre Code fir „${title}“ z'ënnerschreiwen (Immobiliechamber). 10 Minutte gëlteg. Gitt en kengem weider.`,
  locked: {
    subject: (title) => `Ënnerschrëft gespaart: ${title}`,
    body: ({ signatoryName, title }) =>
      `Moien,\n\nFir ${signatoryName} goufen op „${title}“ ze vill falsch Coden aginn. Aus Sécherheetsgrënn ass d'Ënnerschreiwe gespaart. Schéckt eng Erënnerung aus der Ufro, fir et fräizeginn, wann et wierklech déi Persoun ass.\n\nD'Immobiliechamber`,
  },
  completed: {
    subject: (title) => `Dokument ënnerschriwwen: ${title}`,
    body: ({ name, title, link }) =>
      `Moien ${name},\n\nAll d'Ënnerschrëfte fir „${title}“ sinn do. Dat definitiivt Dokument, vun der Immobiliechamber versigelt, kënnt Dir iwwer Äre perséinleche Link eroflueden:\n${link}\n\nMat beschte Gréiss\nD'Immobiliechamber`,
  },
};

const MESSAGES: Record<Locale, SigningMessages> = { fr, en, de, lu };

export function signingMessages(locale: Locale | undefined): SigningMessages {
  return MESSAGES[locale ?? DEFAULT_LOCALE];
}
