import type { ListUsersQuery } from '@ledgerport/shared';

type NameFilters = Pick<ListUsersQuery, 'firstName' | 'lastName' | 'emailAddress'>;

/**
 * The users list filters each field separately, so a typed text becomes the field queries it may
 * mean: an e-mail address, "First Last", or one word that is either name.
 */
export function actorSearchQueries(text: string): NameFilters[] {
  const trimmed = text.trim();
  if (trimmed === '') return [];
  if (trimmed.includes('@')) return [{ emailAddress: trimmed }];
  const words = trimmed.split(/\s+/);
  if (words.length > 1) return [{ firstName: words[0], lastName: words.slice(1).join(' ') }];
  return [{ firstName: trimmed }, { lastName: trimmed }, { emailAddress: trimmed }];
}
