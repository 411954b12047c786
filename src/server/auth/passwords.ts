import { hash, verify } from '@node-rs/argon2';
import type { PasswordHashCost } from '../config';

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /** Spends the same time as a real check, so response timing does not reveal which e-mails have accounts. */
  verifyAgainstNoAccount(password: string): Promise<false>;
}

/** A hash carries its own cost, so hashes made at an earlier cost still verify. */
export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

/** argon2id (the library's default algorithm) at `cost`, one lane. */
export function createPasswordHasher(cost: PasswordHashCost): PasswordHasher {
  const options = { memoryCost: cost.memoryKib, timeCost: cost.passes, parallelism: 1 };
  const hashPassword = (password: string) => hash(password, options);
  let unknownAccountHash: Promise<string> | undefined;
  return {
    hash: hashPassword,
    async verifyAgainstNoAccount(password) {
      unknownAccountHash ??= hashPassword('no account has this password');
      await verifyPassword(await unknownAccountHash, password);
      return false;
    },
  };
}
