/** The « Équipe » page of an agency's managers (source key set). */
export const teamFr = {
  menu: { team: 'Équipe' },
  team: {
    title: 'Équipe',
    people: "Les personnes de l'agence",
    load_error: "Impossible de charger l'équipe.",
    action_failed: "L'opération n'a pas abouti. Veuillez réessayer.",
    invite_title: 'Inviter une personne',
    invite_hint:
      "La personne reçoit l'e-mail de bienvenue avec un mot de passe temporaire ; à sa première connexion, elle choisit son mot de passe et donne son consentement.",
    name: 'Nom',
    email: 'Adresse e-mail',
    mobile: 'Mobile',
    language: 'Langue',
    role: 'Rôle',
    invite: 'Inviter',
    invited: 'Invitation envoyée',
    deactivated: 'Désactivé',
    roles: { MANAGER: 'Responsable', AGENT: 'Agent' },
    role_hint: {
      MANAGER: "Voit et traite toutes les demandes de l'agence, gère l'équipe et voit les coûts.",
      AGENT: 'Crée des demandes, voit et traite les siennes et celles qui lui sont confiées.',
    },
    actions: {
      make_manager: 'Nommer responsable',
      make_agent: 'Passer agent',
      deactivate: 'Désactiver',
      activate: 'Réactiver',
      delete: 'Supprimer',
    },
    confirm: {
      content: '%{name}',
      make_manager: 'Nommer cette personne responsable ?',
      make_agent: 'Faire de cette personne un agent ?',
      deactivate: 'Désactiver cet accès ? La personne ne pourra plus se connecter.',
      activate: 'Réactiver cet accès ?',
      delete: 'Supprimer définitivement ce compte ?',
    },
    done: {
      make_manager: 'La personne est maintenant responsable.',
      make_agent: 'La personne est maintenant agent.',
      deactivate: "L'accès a été désactivé.",
      activate: "L'accès a été réactivé.",
      delete: 'Le compte a été supprimé.',
    },
    invited_done: "L'invitation a été envoyée.",
  },
};

export type TeamMessages = typeof teamFr;
