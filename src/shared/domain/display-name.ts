interface NamedPerson {
  firstName?: string | null;
  lastName?: string | null;
  username?: string | null;
  email?: string | null;
}

/** Spec §3: first + last when both exist, else the e-mail's local part, else "Unknown User". */
export function displayName(person: NamedPerson | null | undefined): string {
  if (!person) return 'Unknown User';
  if (person.firstName && person.lastName) return `${person.firstName} ${person.lastName}`;
  // Others' e-mail is private, so the username (derived from the e-mail's local part at sign-up) stands in.
  const handle = person.email?.split('@')[0] || person.username;
  return handle || 'Unknown User';
}

export function handleOf(person: NamedPerson): string {
  return person.username || person.email?.split('@')[0] || '';
}
