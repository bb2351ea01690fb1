import { type TeamMessages } from './fr';

export const teamEn: TeamMessages = {
  menu: { team: 'Team' },
  team: {
    title: 'Team',
    people: "The agency's people",
    load_error: 'The team could not be loaded.',
    action_failed: 'The operation did not succeed. Please try again.',
    invite_title: 'Invite someone',
    invite_hint:
      'They receive the welcome e-mail with a temporary password; at their first sign-in they choose their password and give their consent.',
    name: 'Name',
    email: 'E-mail address',
    mobile: 'Mobile',
    language: 'Language',
    role: 'Role',
    invite: 'Invite',
    invited: 'Invitation sent',
    deactivated: 'Deactivated',
    roles: { MANAGER: 'Manager', AGENT: 'Agent' },
    role_hint: {
      MANAGER: 'Sees and handles every request of the agency, manages the team and sees the costs.',
      AGENT: 'Creates requests, sees and handles their own and those given to them.',
    },
    actions: {
      make_manager: 'Make manager',
      make_agent: 'Make agent',
      deactivate: 'Deactivate',
      activate: 'Reactivate',
      delete: 'Delete',
    },
    confirm: {
      content: '%{name}',
      make_manager: 'Make this person a manager?',
      make_agent: 'Make this person an agent?',
      deactivate: 'Deactivate this access? The person will no longer be able to sign in.',
      activate: 'Reactivate this access?',
      delete: 'Delete this account for good?',
    },
    done: {
      make_manager: 'The person is now a manager.',
      make_agent: 'The person is now an agent.',
      deactivate: 'The access was deactivated.',
      activate: 'The access was reactivated.',
      delete: 'The account was deleted.',
    },
    invited_done: 'The invitation was sent.',
  },
};
