export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 30;
export const USERNAME_PATTERN = /^[A-Za-z0-9._-]{3,30}$/;
export const USERNAME_RULE_MESSAGE =
  'Username must be 3-30 characters and contain only letters, numbers, dots, dashes, and underscores.';

/** A valid username made from an e-mail's local part, the handle people see until they choose one. */
export function usernameFromEmail(email: string): string {
  const local = (email.split('@')[0] ?? '').toLowerCase().replace(/[^a-z0-9._-]/g, '');
  const base = local.slice(0, USERNAME_MAX_LENGTH - 4);
  return base.length >= USERNAME_MIN_LENGTH ? base : `${base}user`.slice(0, USERNAME_MAX_LENGTH - 4);
}
