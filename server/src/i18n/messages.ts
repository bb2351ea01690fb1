import { DEFAULT_LOCALE, type Locale } from '@esign/shared';

/** Texts the server sends (e-mails, SMS), one key set in the four languages. */
interface ServerMessages {
  verificationCode: { subject: string; body: (code: string) => string };
  accountLocked: { subject: string; body: string };
  welcome: {
    subject: string;
    body: (values: { name: string; email: string; password: string; signInUrl: string }) => string;
  };
}

const fr: ServerMessages = {
  accountLocked: {
    subject: 'Connexion à votre compte temporairement bloquée',
    body: `Bonjour,\n\nPlusieurs tentatives de connexion à votre compte ont échoué de suite. Par sécurité, la connexion depuis l'endroit d'où elles venaient est bloquée pendant quelques minutes, et chaque nouvel échec prolonge ce délai, jusqu'à une heure ; si elles viennent de nombreux endroits, chaque tentative sur votre compte attend quelques secondes. Depuis ailleurs, votre mot de passe vous ouvre toujours votre compte.\n\nSi c'était vous, patientez puis réessayez, ou choisissez un nouveau mot de passe avec « Mot de passe oublié ». Si ce n'était pas vous, choisissez un nouveau mot de passe dès que possible et prévenez la Chambre.\n\nLa Chambre immobilière`,
  },
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
  accountLocked: {
    subject: 'Sign-in to your account temporarily blocked',
    body: `Hello,\n\nSeveral attempts to sign in to your account failed in a row. For your security, signing in from where they came from is blocked for a few minutes, and each further failure lengthens the wait, up to an hour; when they come from many places, every attempt on your account waits a few seconds. From anywhere else, your password still opens your account.\n\nIf it was you, wait and try again, or choose a new password with "Forgot password". If it was not you, choose a new password as soon as possible and tell the chamber.\n\nThe real-estate chamber`,
  },
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
  accountLocked: {
    subject: 'Anmeldung bei Ihrem Konto vorübergehend gesperrt',
    body: `Guten Tag,\n\nmehrere Anmeldeversuche bei Ihrem Konto sind nacheinander fehlgeschlagen. Zu Ihrer Sicherheit ist die Anmeldung von dort, wo sie herkamen, für einige Minuten gesperrt, und jeder weitere Fehlversuch verlängert die Wartezeit, bis zu einer Stunde; kommen sie von vielen Orten, wartet jeder Versuch bei Ihrem Konto einige Sekunden. Von anderswo öffnet Ihr Passwort Ihr Konto weiterhin.\n\nWaren Sie es, warten Sie und versuchen Sie es erneut, oder wählen Sie mit „Passwort vergessen“ ein neues Passwort. Waren Sie es nicht, wählen Sie so bald wie möglich ein neues Passwort und informieren Sie die Kammer.\n\nDie Immobilienkammer`,
  },
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
  accountLocked: {
    subject: 'Umeldung op Äre Kont temporär gespaart',
    body: `Moien,\n\nEt sinn e puer Umeldungsversich op Äre Kont hannerteneen feelgeschloen. Fir Är Sécherheet ass d'Umeldung vun do, wou se hierkoumen, e puer Minutte gespaart, an all weidere Feeler verlängert d'Waardezäit, bis zu enger Stonn; wa se vu ville Plazen hierkommen, waart all Versuch op Äre Kont e puer Sekonnen. Vun anzwousch anescht mécht Äert Passwuert Äre Kont ëmmer nach op.\n\nWann Dir et waart, waart a probéiert nach eng Kéier, oder wielt mat „Passwuert vergiess“ en neit Passwuert. Wann Dir et net waart, wielt sou séier wéi méiglech en neit Passwuert a sot der Chamber Bescheed.\n\nD'Immobiliechamber`,
  },
  verificationCode: {
    subject: 'Äre Bestätegungscode',
    body: (code) =>
      `Moien,\n\nHei ass Äre Bestätegungscode fir en neit Passwuert ze wielen: ${code}\n\nGitt en kengem weider. Wann Dir näischt ugefrot hutt, ignoréiert dëse Message.\n\nD'Immobiliechamber`,
  },
  welcome: {
    subject: 'Ären Zougang zur Plattform fir elektronesch Ënnerschrëften',
    body: ({ name, email, password, signInUrl }) =>
      `Moien ${name},\n\nFir Iech gouf e Kont op der Plattform fir elektronesch Ënnerschrëfte vun der Immobiliechamber ugeluecht.\n\nUmellen op: ${signInUrl}\nBenotzernumm: ${email}\nTemporärt Passwuert: ${password}\n\nBäi Ärer éischter Umeldung wielt Dir Äert eegent Passwuert. Dëst temporärt Passwuert ass perséinlech: Gitt et kengem weider.\n\nMat beschte Gréiss\nD'Immobiliechamber`,
  },
};

const MESSAGES: Record<Locale, ServerMessages> = { fr, en, de, lu };

export function serverMessages(locale: Locale | undefined): ServerMessages {
  return MESSAGES[locale ?? DEFAULT_LOCALE];
}
