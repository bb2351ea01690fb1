import { ADMIN_GROUP, type UserView, hasAdminRights } from '@esign/shared';

export const APP_RESOURCES = [
  'dashboard',
  'users',
  'signatures',
  'dev-outbox',
  'costs',
  'prices',
  'team',
] as const;
export type AppResource = (typeof APP_RESOURCES)[number];

function isAppResource(value: string): value is AppResource {
  return (APP_RESOURCES as readonly string[]).includes(value);
}

/**
 * The one place that says who sees what. The API enforces the same rules;
 * this only decides what the interface offers. Unknown resources are refused.
 */
export function canAccess(
  user: (Pick<UserView, 'groups' | 'role'> & Partial<Pick<UserView, 'agencyRole'>>) | null,
  resource: string,
): boolean {
  if (!user || !isAppResource(resource)) return false;
  switch (resource) {
    case 'dashboard':
      return true;
    // An agency's costs are for its managers; an agent sees none.
    case 'costs':
      return user.agencyRole !== 'AGENT';
    // Prices are set by administrators only; group members have admin rights for viewing, not this.
    case 'prices':
      return user.groups.includes(ADMIN_GROUP) || user.role === 'ADMIN';
    case 'users':
    case 'dev-outbox':
      return hasAdminRights(user);
    case 'signatures':
      return !hasAdminRights(user);
    // An agency's staff is managed by its managers.
    case 'team':
      return !hasAdminRights(user) && user.agencyRole === 'MANAGER';
  }
}

/** The name shown in the top bar: the person's name, else their company's, else the e-mail. */
export function displayName(user: Pick<UserView, 'name' | 'email' | 'additionalInfo'>): string {
  const name = user.name.trim();
  if (name) return name;
  const company = user.additionalInfo.company?.name?.trim();
  return company || user.email;
}
