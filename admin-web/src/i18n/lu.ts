import { ErrorCode } from '@esign/shared';
import { accountsLu } from './accounts/lu';
import { billingLu } from './billing/lu';
import { teamLu } from './team/lu';
import { signaturesLu } from './signatures/lu';
import { type Messages } from './fr';
import { raLuxembourgish } from './ra-lu';

export const lu: Messages = {
  ra: raLuxembourgish,
  app: {
    name: 'CIGDL e-Ënnerschrëft',
    search_min_length: 'Gitt mindestens %{count} Zeechen an, fir ze sichen.',
    language: 'Sprooch',
    auth: {
      title: 'Umellen',
      subtitle: 'Beräich fir elektronesch Ënnerschrëften vun de Membere vun der Immobiliechamber',
      email: 'E-Mail-Adress',
      password: 'Passwuert',
      sign_in: 'Umellen',
      forgot_password: 'Passwuert vergiess?',
      account_locked:
        'Ze vill Versich: D’Umeldung op dëse Kont ass fir e puer Minutte gespaart. Probéiert méi spéit nach eng Kéier, oder wielt mat „Passwuert vergiess“ en neit Passwuert.',
      invalid_login: 'Är Umeldungsdonnéeë sinn net korrekt',
      password_reset_required: 'Dir musst Äert Passwuert zrécksetzen, ier Dir Iech umellt.',
      back_to_sign_in: "Zréck bei d'Umeldung",
    },
    password: {
      new: 'Neit Passwuert',
      repeat: 'Passwuert widderhuelen',
      rules:
        "8 bis 50 Zeechen, mat op d'mannst engem klenge Buschtaf, engem grousse Buschtaf an enger Ziffer.",
    },
    forgot_password: {
      title: 'Passwuert vergiess',
      request_intro: 'Schrëtt 1 vun 2: Gitt Är E-Mail-Adress an, mir schécken Iech e Bestätegungscode.',
      confirm_intro:
        'Schrëtt 2 vun 2: Gitt de Code an, deen Dir per E-Mail kritt hutt, a wielt en neit Passwuert.',
      send_code: 'Code schécken',
      code: 'Bestätegungscode',
      submit: 'Passwuert änneren',
      email_sent: 'Mir hunn Iech eng E-Mail mat engem Bestätegungscode geschéckt.',
      email_error: 'Et deet eis leed, et ass e Problem opgetrueden. Probéiert w.e.g. nach eng Kéier.',
      invalid_code: 'De Code ass net korrekt. Probéiert w.e.g. nach eng Kéier.',
      start_again: 'Mat enger anerer Adress nei ufänken',
      done: 'Äert Passwuert gouf geännert. Dir kënnt Iech elo umellen.',
    },
    new_password: {
      title: 'Wielt Äert Passwuert',
      intro: 'Bei Ärer éischter Umeldung ersetzt Dir dat provisorescht Passwuert duerch Äert eegent.',
      submit: 'Späicheren a weider',
      expired: 'Dësen Umeldungsschrëtt ass ofgelaf. Mellt Iech w.e.g. nei un.',
    },
    validation: {
      required: 'Dëst Feld ass obligatoresch',
      invalid_email: 'Ongëlteg E-Mail-Adress',
      email_length: "D'E-Mail-Adress muss 3 bis 50 Zeechen hunn",
      code_length: 'De Code huet héchstens 6 Zeechen',
      password_rules:
        "D'Passwuert muss 8 bis 50 Zeechen hunn, mat engem klenge Buschtaf, engem grousse Buschtaf an enger Ziffer",
      passwords_must_match: "D'Passwierder mussen identesch sinn",
    },
    menu: {
      dashboard: 'Iwwersiicht',
      users: 'Benotzer',
      signatures: 'Ënnerschrëften',
      dev_outbox: 'Postausgang',
      ...billingLu.menu,
      ...teamLu.menu,
    },
    user_menu: {
      signed_in_as: 'Ugemellt als %{email}',
      button: '%{name}, Profil a Sprooch',
      button_unnamed: 'Profil a Sprooch',
      interface_language: 'Sprooch vun der Interface (E-Mailen an SMSe folgen där vum Profil)',
    },
    footer: {
      chamber: 'Immobiliechamber vum Groussherzogtum Lëtzebuerg',
      trust_service: 'Vertrauensdéngschtleeschter: qualifizéiert Zertifikater an Zäitstempelen',
      developer: "Entwéckelt fir d'Chamber an hir Memberen",
      report_bug: 'E Problem mellen',
      report_bug_subject: 'Problem op der Ënnerschrëftsplattform',
      user_guide: 'Benotzerhandbuch (PDF)',
    },
    dashboard: {
      title: 'Iwwersiicht',
      greeting: 'Moien %{name}',
      today: 'Haut ass %{date}.',
      ...billingLu.dashboard,
    },
    outbox: {
      title: 'Entwécklungs-Postausgang',
      intro:
        "D'E-Mailen an SMSen, déi d'Plattform verschéckt huet, soulaang keen echte Versanddéngscht agestallt ass. Déi neist als éischt.",
      recipient: 'E-Mail-Adress oder Telefonsnummer',
      recipient_too_short: 'Gitt eng E-Mail-Adress oder eng Telefonsnummer an (mindestens 3 Zeechen).',
      show: 'Messagen weisen',
      refresh: 'Aktualiséieren',
      empty: 'Kee Message fir dësen Empfänger.',
      disabled:
        'Den Entwécklungs-Postausgang ass ausgeschalt: Dëse Server verschéckt Messagen iwwer echt E-Mail- an SMS-Déngschter.',
      load_error: "D'Messagen konnten net geluede ginn.",
      email: 'E-Mail',
      sms: 'SMS',
      no_subject: '(ouni Sujet)',
      not_sent: 'Nach net verschéckt',
    },
    roles: {
      ADMIN: 'Administrateur',
      GROUP_MEMBER: 'Grupp-Member',
      MEMBER: 'Member',
    },
    errors: {
      forbidden_title: 'Säit mat Aschränkung',
      forbidden:
        'Äre Kont huet keen Zougang zu dëser Säit: d’Ënnerschrëftsufroe sinn déi vun de Memberen, d’Verwaltung vun de Konten déi vun den Administrateuren.',
      not_found_title: 'Säit net fonnt',
      not_found: "D'Adress ass falsch oder d'Säit gëtt et net méi.",
      system_title: 'Systemfeeler',
      system: 'Eppes ass schifgaang! Probéiert w.e.g. méi spéit nach eng Kéier.',
      back_home: "Zréck op d'Haaptsäit",
    },
    ...accountsLu.app,
    ...signaturesLu.app,
    billing: billingLu.billing,
    team: teamLu.team,
  },
  validation: { ...accountsLu.validation, ...signaturesLu.validation, ...billingLu.validation },
  errors: {
    [ErrorCode.VALIDATION_FAILED]: 'Verschidden Donnéeë sinn net valabel.',
    [ErrorCode.BAD_REQUEST]: "D'Ufro ass net valabel.",
    [ErrorCode.UNAUTHENTICATED]: 'Mellt Iech w.e.g. un, fir weiderzefueren.',
    [ErrorCode.FORBIDDEN]: 'Dir dierft dat net maachen.',
    [ErrorCode.ACCOUNT_DISABLED]: "Äre Kont ass desaktivéiert. Kontaktéiert w.e.g. d'Immobiliechamber.",
    [ErrorCode.GDPR_CONSENT_REQUIRED]: "Dir musst d'Dateschutzerklärung akzeptéieren.",
    [ErrorCode.NOT_FOUND]: "D'Element, dat Dir sicht, gëtt et net.",
    [ErrorCode.CONFLICT]: "D'Element gouf zwëschenzäitlech geännert. Lued w.e.g. d'Säit nei.",
    [ErrorCode.EMAIL_ALREADY_USED]: 'Dës E-Mail-Adress gëtt schonn benotzt.',
    [ErrorCode.SELF_ACTION_FORBIDDEN]: 'Dës Aktioun ass fir Äre Kont selwer net méiglech.',
    [ErrorCode.USER_NOT_DISABLED]: 'Nëmmen en desaktivéierte Kont kann geläscht ginn.',
    [ErrorCode.LAST_AGENCY_MANAGER]:
      "D'Agence brauch op d'mannst ee aktive Responsabel: nennt fir d'éischt een anere Responsabel.",
    [ErrorCode.STAFF_HAS_REQUESTS]:
      'Dës Persoun huet Ufroen erstallt: si bleift an den Dossiere vun der Agence a kann nëmmen desaktivéiert ginn.',
    [ErrorCode.INVALID_UPLOAD]: 'Den eropgeluedene Fichier feelt oder huet net deen erwaarten Typ.',
    [ErrorCode.IDENTITY_PROVIDER_ERROR]:
      "Den Umeldungsdéngscht huet d'Operatioun refuséiert. Probéiert w.e.g. nach eng Kéier.",
    [ErrorCode.FILE_TOO_LARGE]: 'De Fichier ass ze grouss (héchstens 10 MB).',
    [ErrorCode.UNSUPPORTED_MEDIA_TYPE]: 'Dësen Typ vu Fichier gëtt net akzeptéiert.',
    [ErrorCode.LINK_EXPIRED]: 'Dëse Link ass net méi gëlteg.',
    [ErrorCode.PDF_TOO_MANY_SIGNATURES]:
      'Dëse PDF huet méi wéi 60 Ënnerschrëften a kann hei net iwwerpréift ginn.',
    [ErrorCode.TOO_MANY_REQUESTS]: 'Ze vill Versich. Waart w.e.g., ier Dir et nach eng Kéier probéiert.',
    [ErrorCode.DB_UNAVAILABLE]: 'De Service ass momentan net disponibel. Probéiert w.e.g. nach eng Kéier.',
    [ErrorCode.SERVICE_UNAVAILABLE]:
      'De Service ass momentan net disponibel. Probéiert w.e.g. nach eng Kéier.',
    [ErrorCode.INTERNAL]: 'Eppes ass schifgaang! Probéiert w.e.g. méi spéit nach eng Kéier.',
    ...signaturesLu.errors,
    ...billingLu.errors,
  },
  resources: {
    users: {
      name: 'Benotzer |||| Benotzer',
      fields: {
        name: 'Numm',
        email: 'E-Mail-Adress',
        mobile: 'Handy',
        role: 'Roll',
        isDisabled: 'Desaktivéiert',
        createdAt: 'Ugeluecht den',
        ...accountsLu.userFields,
      },
    },
    signatures: signaturesLu.resource,
  },
};
