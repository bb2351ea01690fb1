import { type TeamMessages } from './fr';

export const teamLu: TeamMessages = {
  menu: { team: 'Equipe' },
  team: {
    title: 'Equipe',
    people: "D'Leit vun der Agence",
    load_error: "D'Equipe konnt net geluede ginn.",
    action_failed: 'Dat huet net geklappt. Probéiert w.e.g. nach eng Kéier.',
    invite_title: 'Eng Persoun invitéieren',
    invite_hint:
      "D'Persoun kritt d'Wëllkomm-E-Mail mat engem provisoresche Passwuert; bei der éischter Umeldung wielt si hiert Passwuert a gëtt hir Zoustëmmung.",
    name: 'Numm',
    email: 'E-Mail-Adress',
    mobile: 'Handy',
    language: 'Sprooch',
    role: 'Roll',
    invite: 'Invitéieren',
    invited: 'Invitatioun geschéckt',
    deactivated: 'Desaktivéiert',
    roles: { MANAGER: 'Responsabel', AGENT: 'Agent' },
    role_hint: {
      MANAGER: "Gesäit a beaarbecht all Ufroe vun der Agence, geréiert d'Equipe a gesäit d'Käschten.",
      AGENT: 'Erstellt Ufroen, gesäit a beaarbecht seng eegen an déi, déi him uvertraut sinn.',
    },
    actions: {
      make_manager: 'Zum Responsabel maachen',
      make_agent: 'Zum Agent maachen',
      deactivate: 'Desaktivéieren',
      activate: 'Reaktivéieren',
      delete: 'Läschen',
    },
    confirm: {
      content: '%{name}',
      make_manager: 'Dës Persoun zum Responsabel maachen?',
      make_agent: 'Dës Persoun zum Agent maachen?',
      deactivate: "Dësen Zougang desaktivéieren? D'Persoun kann sech net méi umellen.",
      activate: 'Dësen Zougang reaktivéieren?',
      delete: 'Dëse Kont definitiv läschen?',
    },
    done: {
      make_manager: "D'Persoun ass elo Responsabel.",
      make_agent: "D'Persoun ass elo Agent.",
      deactivate: 'Den Zougang gouf desaktivéiert.',
      activate: 'Den Zougang gouf reaktivéiert.',
      delete: 'De Kont gouf geläscht.',
    },
    invited_done: "D'Invitatioun gouf geschéckt.",
  },
};
