import { DEFAULT_LOCALE, type Locale } from '@esign/shared';

/** Texts the server sends (e-mails, SMS), one key set in the four languages. */
interface ServerMessages {
  verificationCode: { subject: string; body: (code: string) => string };
  welcome: {
    subject: string;
    body: (values: { name: string; email: string; password: string; signInUrl: string }) => string;
  };
}

const fr: ServerMessages = {
  verificationCode: {
    subject: 'Votre code de vérification',
    body: (code) =>
      `Bonjour,\n\nVoici votre code de vérification pour choisir un nouveau mot de passe : ${code}\n\nNe le communiquez à personne. Si vous n'avez rien demandé, ignorez ce message.\n\nLa Chambre immobilière`,
  },
  welcome: {
    subject: 'Votre accès à la plateforme de signature électronique',
    body: ({ name, email, password, signInUrl }) =>
      `Bonjour ${name},\n\nUn compte a été créé pour vous sur la plateforme de signature électronique de la Chambre immobilière.\n\nAdresse de connexion : ${signInUrl}\nIdentifiant : ${email}\nMot de passe temporaire : ${password}\n\nÀ votre première connexion, vous choisirez votre propre mot de passe. Ce mot de passe temporaire est personnel : ne le communiquez à personne.\n\nCordialement,\nLa Chambre immobilière`,
  },
};

const en: ServerMessages = {
  verificationCode: {
    subject: 'Your verification code',
    body: (code) =>
      `Hello,\n\nHere is your verification code to choose a new password: ${code}\n\nDo not share it with anyone. If you did not ask for it, ignore this message.\n\nThe real-estate chamber`,
  },
  welcome: {
    subject: 'Your access to the electronic signature platform',
    body: ({ name, email, password, signInUrl }) =>
      `Hello ${name},\n\nAn account has been created for you on the real-estate chamber's electronic signature platform.\n\nSign in at: ${signInUrl}\nUser name: ${email}\nTemporary password: ${password}\n\nAt your first sign-in you will choose your own password. This temporary password is personal: do not share it with anyone.\n\nKind regards,\nThe real-estate chamber`,
  },
};

const de: ServerMessages = {
  verificationCode: {
    subject: 'Ihr Bestätigungscode',
    body: (code) =>
      `Guten Tag,\n\nhier ist Ihr Bestätigungscode, um ein neues Passwort zu wählen: ${code}\n\nGeben Sie ihn an niemanden weiter. Wenn Sie nichts angefordert haben, ignorieren Sie diese Nachricht.\n\nDie Immobilienkammer`,
  },
  welcome: {
    subject: 'Ihr Zugang zur Plattform für elektronische Signaturen',
    body: ({ name, email, password, signInUrl }) =>
      `Guten Tag ${name},\n\nfür Sie wurde ein Konto auf der Plattform für elektronische Signaturen der Immobilienkammer eingerichtet.\n\nAnmeldung unter: ${signInUrl}\nBenutzername: ${email}\nVorläufiges Passwort: ${password}\n\nBei Ihrer ersten Anmeldung wählen Sie Ihr eigenes Passwort. Dieses vorläufige Passwort ist persönlich: Geben Sie es an niemanden weiter.\n\nMit freundlichen Grüßen\nDie Immobilienkammer`,
  },
};

const lu: ServerMessages = {
  verificationCode: {
    subject: 'Äre Bestätegungscode',
    body: (code) =>
      `Moien,\n\nHei ass Äre Bestätegungscode fir en neit Passwuert ze wielen: ${code}\n\nGitt en kengem weider. Wann Dir näischt ugefrot hutt, ignoréiert dëse Message.\n\nD'Immobiliekummer`,
  },
  welcome: {
    subject: 'Ären Zougang zur Plattform fir elektronesch Ënnerschrëften',
    body: ({ name, email, password, signInUrl }) =>
      `Moien ${name},\n\nFir Iech gouf e Kont op der Plattform fir elektronesch Ënnerschrëfte vun der Immobiliekummer ugeluecht.\n\nUmellen op: ${signInUrl}\nBenotzernumm: ${email}\nTemporärt Passwuert: ${password}\n\nBäi Ärer éischter Umeldung wielt Dir Äert eegent Passwuert. Dëst temporärt Passwuert ass perséinlech: Gitt et kengem weider.\n\nMat beschte Gréiss\nD'Immobiliekummer`,
  },
};

const MESSAGES: Record<Locale, ServerMessages> = { fr, en, de, lu };

export function serverMessages(locale: Locale | undefined): ServerMessages {
  return MESSAGES[locale ?? DEFAULT_LOCALE];
}
