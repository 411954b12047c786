import { randomUsername } from '@shared/domain/username';
import { randomBytes, randomInt } from 'node:crypto';
import { verifyPassword, type PasswordHasher } from '../auth/passwords';
import type { Db } from '../db/database';
import { isUniqueViolation } from '../db/dialect';
import { findUserByEmail, insertUser } from '../db/queries/users';
import type { UserRow } from '../db/schema';
import { ConflictError, ForbiddenError, UnauthorizedError } from '../errors';
import type { LoginThrottle } from './login-throttle';
import { newId } from '../ids';

export const WRONG_CREDENTIALS_MESSAGE =
  'That e-mail and password do not match an account. Please try again.';
const DUPLICATE_EMAIL_MESSAGE = 'An account with this e-mail already exists. Sign in instead.';

type NewAccount = {
  email: string;
  password: string;
  firstName?: string | undefined;
  lastName?: string | undefined;
};

export interface AccountService {
  register(account: NewAccount): Promise<UserRow>;
  authenticate(email: string, password: string, ip: string): Promise<UserRow>;
  /** Spec §7 test helper: a bot account to interact with. */
  createFakeUser(): Promise<UserRow>;
}

export const SUSPENDED_MESSAGE =
  'This account is suspended by the moderators. You cannot sign in while it is suspended.';

/**
 * Nobody becomes a moderator by signing up or in: nothing proves an e-mail is its owner's, so ADMIN_EMAILS is
 * applied at start to accounts that already exist (see createContext), and `npm run moderator` grants the rest.
 */
export function createAccountService(
  db: Db,
  throttle: LoginThrottle,
  passwords: PasswordHasher,
): AccountService {
  async function insertAccount(account: NewAccount, id: string): Promise<UserRow> {
    const passwordHash = await passwords.hash(account.password);
    // A new handle never shows the e-mail (people choose their own later); a clash with a taken one draws again,
    // from a larger space each time.
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await insertUser(db, {
          id,
          email: account.email,
          password_hash: passwordHash,
          first_name: account.firstName ?? null,
          last_name: account.lastName ?? null,
          username: randomUsername((n) => randomInt(n), 4 + 2 * attempt),
          bio: null,
          profile_image_url: null,
          background_image_url: null,
          profile_image_id: null,
          background_image_id: null,
          voice_bio_url: null,
          location: null,
          website: null,
          interests: null,
          created_at: new Date().toISOString(),
        });
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        if (await findUserByEmail(db, account.email)) throw new ConflictError(DUPLICATE_EMAIL_MESSAGE);
        if (attempt >= 3) throw error;
      }
    }
  }

  return {
    async register(account) {
      if (await findUserByEmail(db, account.email)) throw new ConflictError(DUPLICATE_EMAIL_MESSAGE);
      return insertAccount(account, newId());
    },

    async authenticate(email, password, ip) {
      await throttle.reserveAttempt(ip, email);
      const user = await findUserByEmail(db, email);
      const matches = user
        ? await verifyPassword(user.password_hash, password)
        : await passwords.verifyAgainstNoAccount(password);
      if (!user || !matches) throw new UnauthorizedError(WRONG_CREDENTIALS_MESSAGE);
      await throttle.recordSuccess(ip, email);
      // Told only to who knows the password.
      if (user.suspended_at) throw new ForbiddenError(SUSPENDED_MESSAGE);
      return user;
    },

    createFakeUser() {
      const tag = randomBytes(4).toString('hex');
      return insertAccount(
        {
          email: `testbot-${tag}@example.invalid`,
          password: randomBytes(24).toString('base64url'),
          firstName: 'Test',
          lastName: `Listener ${tag}`,
        },
        `bot_${newId()}`,
      );
    },
  };
}
