/**
 * The server a person of another server is from, by their username here (`user@host`, which no local username can
 * be); undefined for one of our own people.
 */
export function homeServerOf(username: string | null | undefined): string | undefined {
  const at = username?.lastIndexOf('@') ?? -1;
  return at > 0 ? username!.slice(at + 1) : undefined;
}
