import type { PublicUser } from '@shared/contract/users';

/**
 * Choosing people: for a chat exactly one (a tap selects that person instead of the one before; tapping them again
 * clears the choice), for a group any number (a tap adds or removes).
 */
export function toggleSelection(
  selected: readonly PublicUser[],
  person: PublicUser,
  mode: 'one' | 'many',
): PublicUser[] {
  const chosen = selected.some((item) => item.id === person.id);
  if (mode === 'one') return chosen ? [] : [person];
  return chosen ? selected.filter((item) => item.id !== person.id) : [...selected, person];
}
