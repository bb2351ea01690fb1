import { type TeamMessages } from './fr';

export const teamDe: TeamMessages = {
  menu: { team: 'Team' },
  team: {
    title: 'Team',
    people: 'Die Personen der Agentur',
    load_error: 'Das Team konnte nicht geladen werden.',
    action_failed: 'Der Vorgang ist fehlgeschlagen. Bitte versuchen Sie es erneut.',
    invite_title: 'Eine Person einladen',
    invite_hint:
      'Die Person erhält die Willkommens-E-Mail mit einem vorläufigen Passwort; bei der ersten Anmeldung wählt sie ihr Passwort und gibt ihre Einwilligung.',
    name: 'Name',
    email: 'E-Mail-Adresse',
    mobile: 'Mobilnummer',
    language: 'Sprache',
    role: 'Rolle',
    invite: 'Einladen',
    invited: 'Einladung gesendet',
    deactivated: 'Deaktiviert',
    roles: { MANAGER: 'Manager', AGENT: 'Makler' },
    role_hint: {
      MANAGER: 'Sieht und bearbeitet alle Anfragen der Agentur, verwaltet das Team und sieht die Kosten.',
      AGENT: 'Erstellt Anfragen, sieht und bearbeitet die eigenen und die ihm übertragenen.',
    },
    actions: {
      make_manager: 'Zum Manager machen',
      make_agent: 'Zum Makler machen',
      deactivate: 'Deaktivieren',
      activate: 'Reaktivieren',
      delete: 'Löschen',
    },
    confirm: {
      content: '%{name}',
      make_manager: 'Diese Person zum Manager machen?',
      make_agent: 'Diese Person zum Makler machen?',
      deactivate: 'Diesen Zugang deaktivieren? Die Person kann sich nicht mehr anmelden.',
      activate: 'Diesen Zugang reaktivieren?',
      delete: 'Dieses Konto endgültig löschen?',
    },
    done: {
      make_manager: 'Die Person ist jetzt Manager.',
      make_agent: 'Die Person ist jetzt Makler.',
      deactivate: 'Der Zugang wurde deaktiviert.',
      activate: 'Der Zugang wurde reaktiviert.',
      delete: 'Das Konto wurde gelöscht.',
    },
    invited_done: 'Die Einladung wurde gesendet.',
  },
};
