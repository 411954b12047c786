import { hash, verify } from '@node-rs/argon2';

// argon2id (the library's default algorithm) with OWASP's recommended minimum: 19 MiB, 2 passes, 1 lane.
const HASH_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, HASH_OPTIONS);
}

export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

let unknownAccountHash: Promise<string> | undefined;

/** Spends the same time as a real check, so response timing does not reveal which e-mails have accounts. */
export async function verifyAgainstNoAccount(password: string): Promise<false> {
  unknownAccountHash ??= hashPassword('no account has this password');
  await verifyPassword(await unknownAccountHash, password);
  return false;
}
