import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from '../domain/limits';

/** The data export's media type: one ZIP archive. */
export const ACCOUNT_EXPORT_TYPE = 'application/zip';

export const deleteAccountBodySchema = z.object({
  password: z
    .string({ error: 'Type your password to delete your account.' })
    .min(1, { error: 'Type your password to delete your account.' })
    .max(PASSWORD_MAX_LENGTH, { error: `Passwords can be at most ${PASSWORD_MAX_LENGTH} characters.` }),
});

export const accountDeletedSchema = z.object({ deleted: z.literal(true) });
