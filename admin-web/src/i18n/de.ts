import { ErrorCode } from '@esign/shared';
import { accountsDe } from './accounts/de';
import { billingDe } from './billing/de';
import { teamDe } from './team/de';
import { signaturesDe } from './signatures/de';
import { type Messages } from './fr';
import { raGerman } from './ra-de';

export const de: Messages = {
  ra: raGerman,
  app: {
    name: 'CIGDL e-Signatur',
    search_min_length: 'Geben Sie mindestens %{count} Zeichen ein, um zu suchen.',
    language: 'Sprache',
    auth: {
      title: 'Anmeldung',
      subtitle: 'Bereich für elektronische Signaturen der Mitglieder der Immobilienkammer',
      email: 'E-Mail-Adresse',
      password: 'Passwort',
      sign_in: 'Anmelden',
      forgot_password: 'Passwort vergessen?',
      account_locked:
        'Zu viele Versuche: Die Anmeldung bei diesem Konto ist für einige Minuten gesperrt. Versuchen Sie es später erneut oder wählen Sie mit „Passwort vergessen“ ein neues Passwort.',
      invalid_login: 'Ihre Anmeldedaten sind nicht korrekt',
      password_reset_required: 'Sie müssen Ihr Passwort zurücksetzen, bevor Sie sich anmelden.',
      back_to_sign_in: 'Zurück zur Anmeldung',
    },
    password: {
      new: 'Neues Passwort',
      repeat: 'Passwort wiederholen',
      rules: '8 bis 50 Zeichen, mit mindestens einem Klein-, einem Großbuchstaben und einer Ziffer.',
    },
    forgot_password: {
      title: 'Passwort vergessen',
      request_intro:
        'Schritt 1 von 2: Geben Sie Ihre E-Mail-Adresse ein, wir senden Ihnen einen Bestätigungscode.',
      confirm_intro:
        'Schritt 2 von 2: Geben Sie den per E-Mail erhaltenen Code ein und wählen Sie ein neues Passwort.',
      send_code: 'Code senden',
      code: 'Bestätigungscode',
      submit: 'Passwort ändern',
      email_sent: 'Eine E-Mail mit einem Bestätigungscode wurde Ihnen gesendet.',
      email_error: 'Leider ist ein Problem aufgetreten. Bitte versuchen Sie es erneut.',
      invalid_code: 'Ungültiger Code. Bitte versuchen Sie es erneut.',
      start_again: 'Mit einer anderen Adresse neu beginnen',
      done: 'Ihr Passwort wurde geändert. Sie können sich jetzt anmelden.',
    },
    new_password: {
      title: 'Wählen Sie Ihr Passwort',
      intro: 'Bei Ihrer ersten Anmeldung ersetzen Sie das vorläufige Passwort durch Ihr eigenes.',
      submit: 'Speichern und weiter',
      expired: 'Dieser Anmeldeschritt ist abgelaufen. Bitte melden Sie sich erneut an.',
    },
    validation: {
      required: 'Dieses Feld ist erforderlich',
      invalid_email: 'Ungültige E-Mail-Adresse',
      email_length: 'Die E-Mail-Adresse muss 3 bis 50 Zeichen lang sein',
      code_length: 'Der Code hat höchstens 6 Zeichen',
      password_rules:
        'Das Passwort muss 8 bis 50 Zeichen lang sein und einen Klein-, einen Großbuchstaben und eine Ziffer enthalten',
      passwords_must_match: 'Die Passwörter müssen übereinstimmen',
    },
    menu: {
      dashboard: 'Übersicht',
      users: 'Benutzer',
      signatures: 'Signaturen',
      dev_outbox: 'Postausgang',
      ...billingDe.menu,
      ...teamDe.menu,
    },
    user_menu: {
      signed_in_as: 'Angemeldet als %{email}',
      button: '%{name}, Profil und Sprache',
      button_unnamed: 'Profil und Sprache',
      interface_language: 'Sprache der Oberfläche (E-Mails und SMS folgen der des Profils)',
    },
    footer: {
      chamber: 'Immobilienkammer des Großherzogtums Luxemburg',
      trust_service: 'Vertrauensdiensteanbieter: qualifizierte Zertifikate und Zeitstempel',
      developer: 'Entwickelt für die Kammer und ihre Mitglieder',
      report_bug: 'Problem melden',
      report_bug_subject: 'Problem auf der Signaturplattform',
      user_guide: 'Benutzerhandbuch (PDF)',
    },
    dashboard: {
      title: 'Übersicht',
      greeting: 'Guten Tag %{name}',
      today: 'Heute ist %{date}.',
      ...billingDe.dashboard,
    },
    outbox: {
      title: 'Entwicklungs-Postausgang',
      intro:
        'Die E-Mails und SMS, die die Plattform verschickt hat, solange kein echter Versanddienst eingerichtet ist. Die neuesten zuerst.',
      recipient: 'E-Mail-Adresse oder Telefonnummer',
      recipient_too_short:
        'Geben Sie eine E-Mail-Adresse oder eine Telefonnummer ein (mindestens 3 Zeichen).',
      show: 'Nachrichten anzeigen',
      refresh: 'Aktualisieren',
      empty: 'Keine Nachricht für diesen Empfänger.',
      disabled:
        'Der Entwicklungs-Postausgang ist ausgeschaltet: Dieser Server versendet Nachrichten über echte E-Mail- und SMS-Dienste.',
      load_error: 'Die Nachrichten konnten nicht geladen werden.',
      email: 'E-Mail',
      sms: 'SMS',
      no_subject: '(kein Betreff)',
      not_sent: 'Noch nicht gesendet',
    },
    roles: {
      ADMIN: 'Administrator',
      GROUP_MEMBER: 'Gruppenmitglied',
      MEMBER: 'Mitglied',
    },
    errors: {
      forbidden_title: 'Eingeschränkte Seite',
      forbidden:
        'Ihr Konto hat keinen Zugriff auf diese Seite: Signaturanfragen gehören den Mitgliedern, die Kontoverwaltung den Administratoren.',
      not_found_title: 'Seite nicht gefunden',
      not_found: 'Die eingegebene Adresse ist falsch oder die Seite existiert nicht mehr.',
      system_title: 'Systemfehler',
      system: 'Etwas ist schiefgelaufen! Bitte versuchen Sie es später erneut.',
      back_home: 'Zur Startseite',
    },
    ...accountsDe.app,
    ...signaturesDe.app,
    billing: billingDe.billing,
    team: teamDe.team,
  },
  validation: { ...accountsDe.validation, ...signaturesDe.validation, ...billingDe.validation },
  errors: {
    [ErrorCode.VALIDATION_FAILED]: 'Einige Angaben sind ungültig.',
    [ErrorCode.BAD_REQUEST]: 'Die Anfrage ist ungültig.',
    [ErrorCode.UNAUTHENTICATED]: 'Bitte melden Sie sich an, um fortzufahren.',
    [ErrorCode.FORBIDDEN]: 'Sie sind dazu nicht berechtigt.',
    [ErrorCode.ACCOUNT_DISABLED]: 'Ihr Konto ist deaktiviert. Bitte wenden Sie sich an die Immobilienkammer.',
    [ErrorCode.GDPR_CONSENT_REQUIRED]: 'Sie müssen die Datenschutzerklärung akzeptieren.',
    [ErrorCode.NOT_FOUND]: 'Das angeforderte Element existiert nicht.',
    [ErrorCode.CONFLICT]: 'Das Element wurde inzwischen geändert. Bitte laden Sie die Seite neu.',
    [ErrorCode.EMAIL_ALREADY_USED]: 'Diese E-Mail-Adresse wird bereits verwendet.',
    [ErrorCode.SELF_ACTION_FORBIDDEN]: 'Diese Aktion ist für Ihr eigenes Konto nicht möglich.',
    [ErrorCode.USER_NOT_DISABLED]: 'Nur ein deaktiviertes Konto kann gelöscht werden.',
    [ErrorCode.LAST_AGENCY_MANAGER]:
      'Die Agentur braucht mindestens einen aktiven Manager: Ernennen Sie zuerst einen anderen Manager.',
    [ErrorCode.STAFF_HAS_REQUESTS]:
      'Diese Person hat Anfragen erstellt: Sie bleibt in den Unterlagen der Agentur und kann nur deaktiviert werden.',
    [ErrorCode.INVALID_UPLOAD]: 'Die hochgeladene Datei fehlt oder hat nicht den erwarteten Typ.',
    [ErrorCode.IDENTITY_PROVIDER_ERROR]:
      'Der Anmeldedienst hat den Vorgang abgelehnt. Bitte versuchen Sie es erneut.',
    [ErrorCode.FILE_TOO_LARGE]: 'Die Datei ist zu groß (höchstens 10 MB).',
    [ErrorCode.UNSUPPORTED_MEDIA_TYPE]: 'Dieser Dateityp wird nicht akzeptiert.',
    [ErrorCode.LINK_EXPIRED]: 'Dieser Link ist nicht mehr gültig.',
    [ErrorCode.PDF_TOO_MANY_SIGNATURES]:
      'Dieses PDF enthält mehr als 60 Signaturen und kann hier nicht geprüft werden.',
    [ErrorCode.TOO_MANY_REQUESTS]: 'Zu viele Versuche. Bitte warten Sie, bevor Sie es erneut versuchen.',
    [ErrorCode.DB_UNAVAILABLE]:
      'Der Dienst ist vorübergehend nicht verfügbar. Bitte versuchen Sie es erneut.',
    [ErrorCode.SERVICE_UNAVAILABLE]:
      'Der Dienst ist vorübergehend nicht verfügbar. Bitte versuchen Sie es erneut.',
    [ErrorCode.INTERNAL]: 'Etwas ist schiefgelaufen! Bitte versuchen Sie es später erneut.',
    ...signaturesDe.errors,
    ...billingDe.errors,
  },
  resources: {
    users: {
      name: 'Benutzer |||| Benutzer',
      fields: {
        name: 'Name',
        email: 'E-Mail-Adresse',
        mobile: 'Mobiltelefon',
        role: 'Rolle',
        isDisabled: 'Deaktiviert',
        createdAt: 'Erstellt am',
        ...accountsDe.userFields,
      },
    },
    signatures: signaturesDe.resource,
  },
};
