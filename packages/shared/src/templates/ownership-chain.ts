import { type TemplateFormData, type TemplateItem } from '../templates';
import { asNumber } from './field-checks';
import { itemsOf } from './validate';

/** Ownership or voting rights above this share make a person a beneficial owner (Directive art. 3(6)). */
export const BENEFICIAL_OWNERSHIP_THRESHOLD = 25;

export interface EffectiveOwner {
  name: string;
  /** Look-through share of the client entity, in percent, summed over every path. */
  percent: number;
}

const key = (value: unknown): string => (typeof value === 'string' ? value.trim().toLowerCase() : '');

/**
 * The look-through share of each holder: a link's percentage times the share its holding entity has in
 * the client, up the chain; a loop in the chain counts for nothing rather than forever.
 */
export function effectiveShares(data: TemplateFormData): Map<string, EffectiveOwner> {
  const links = itemsOf(data, 'chaine');
  const client = key(data.entiteDenomination);
  const shareOf = (entity: string, seen: ReadonlySet<string>): number => {
    if (entity === client) return 1;
    if (seen.has(entity)) return 0;
    const next = new Set(seen).add(entity);
    return links
      .filter((link) => key(link.detenteur) === entity)
      .reduce((sum, link) => sum + linkShare(link, next), 0);
  };
  const linkShare = (link: TemplateItem, seen: ReadonlySet<string>): number =>
    ((asNumber(link.pourcentage) ?? 0) / 100) * shareOf(key(link.detientDans), seen);
  const owners = new Map<string, EffectiveOwner>();
  for (const link of links.filter((item) => item.typeDetenteur === 'personne physique')) {
    const name = String(link.detenteur ?? '').trim();
    const current = owners.get(key(name))?.percent ?? 0;
    owners.set(key(name), { name, percent: current + linkShare(link, new Set()) * 100 });
  }
  return owners;
}

/** The natural persons holding more than 25 %, largest first. */
export function beneficialOwners(data: TemplateFormData): EffectiveOwner[] {
  return [...effectiveShares(data).values()]
    .filter((owner) => owner.percent > BENEFICIAL_OWNERSHIP_THRESHOLD + 1e-9)
    .sort((a, b) => b.percent - a.percent);
}
