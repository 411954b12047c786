import { z } from 'zod';
import {
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '../domain/limits';

const emailField = z
  .string({ error: 'Enter your e-mail address.' })
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX_LENGTH, { error: 'That e-mail address is too long.' })
  .pipe(z.email({ error: 'Enter a valid e-mail address, like name@example.com.' }));

const optionalName = z
  .string()
  .trim()
  .max(NAME_MAX_LENGTH, { error: `Names can be at most ${NAME_MAX_LENGTH} characters.` })
  .optional()
  .transform((value) => (value ? value : undefined));

export const registerBodySchema = z.object({
  email: emailField,
  password: z
    .string({ error: 'Choose a password.' })
    .min(PASSWORD_MIN_LENGTH, { error: `Choose a password of at least ${PASSWORD_MIN_LENGTH} characters.` })
    .max(PASSWORD_MAX_LENGTH, { error: `Passwords can be at most ${PASSWORD_MAX_LENGTH} characters.` }),
  firstName: optionalName,
  lastName: optionalName,
});
export type RegisterBody = z.input<typeof registerBodySchema>;

export const loginBodySchema = z.object({
  email: emailField,
  password: z
    .string({ error: 'Enter your password.' })
    .min(1, { error: 'Enter your password.' })
    .max(PASSWORD_MAX_LENGTH),
});
export type LoginBody = z.input<typeof loginBodySchema>;
