import { z } from 'zod';
import { GROUP_ADDS } from '../domain/conversations';
import { BIO_MAX_LENGTH, NAME_MAX_LENGTH, PROFILE_LINKS_MAX } from '../domain/limits';
import {
  BIO_TOO_LONG_MESSAGE,
  INTERESTS_MAX_LENGTH,
  isHttpUrl,
  LINK_SCHEME_MESSAGE,
  LINK_TITLE_MAX_LENGTH,
  LINKS_NOT_A_LIST_MESSAGE,
  LOCATION_MAX_LENGTH,
  TOO_MANY_LINKS_MESSAGE,
  URL_MAX_LENGTH,
  WEBSITE_SCHEME_MESSAGE,
} from '../domain/profile';
import { USERNAME_PATTERN, USERNAME_RULE_MESSAGE } from '../domain/username';

export const profileLinkSchema = z.object({ title: z.string(), url: z.string() });

/** Spec §3 User, as anyone may see it: never the e-mail, hash or session data of others. */
export const publicUserSchema = z.object({
  id: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  username: z.string(),
  bio: z.string().nullable(),
  links: z.array(profileLinkSchema),
  profileImageUrl: z.string().nullable(),
  backgroundImageUrl: z.string().nullable(),
  /** Spec §3 profileImageOffsetX/Y, stored as a framing of the picture (see `PictureFraming`). */
  profileImagePositionX: z.number(),
  profileImagePositionY: z.number(),
  profileImageZoom: z.number(),
  voiceBioUrl: z.string().nullable(),
  location: z.string().nullable(),
  website: z.string().nullable(),
  interests: z.string().nullable(),
  createdAt: z.string(),
  postCount: z.number().int(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

/** The signed-in person's own record: adds what only they may see. */
export const currentUserSchema = publicUserSchema.extend({
  email: z.string(),
  /** Moderators see the moderation screen (issue 17). */
  isModerator: z.boolean().optional(),
  /** Who may add me to a group: everyone, only people I follow, or nobody (a direct chat stays open to all). */
  groupAdds: z.enum(GROUP_ADDS),
  /** My private posts are transcribed by the server's speech recogniser too (issue 29); off unless I say so. */
  transcribePrivate: z.boolean(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const userIdParamsSchema = z.object({ id: z.string().min(1).max(100) });

/**
 * A text field a form may leave blank: trimmed, and omitted from the save when empty (spec §5 Profile).
 * `notText` answers a value that is not a string at all.
 */
const optionalText = (max: number, error: string, notText?: string) =>
  z
    .string({ error: notText })
    .trim()
    .max(max, { error })
    .optional()
    .transform((value) => (value ? value : undefined));

/** Stored as the browser will read it back (`new URL(…).href`), so what is served is what was checked. */
const webAddress = (error: string) =>
  z
    .string()
    .refine(isHttpUrl, { error })
    .transform((url) => new URL(url).href);

const optionalWebAddress = (error: string, notText?: string) =>
  optionalText(URL_MAX_LENGTH, error, notText).pipe(webAddress(error).optional());

/** The About tab may also send `null` for a field the person emptied: that clears it. */
const clearable = <T extends z.ZodType>(field: T) => field.nullable();

const bioField = optionalText(BIO_MAX_LENGTH, BIO_TOO_LONG_MESSAGE);

const linkPairs = z.array(
  z.object({
    title: z.string({ error: LINKS_NOT_A_LIST_MESSAGE }).trim().max(LINK_TITLE_MAX_LENGTH),
    url: z.string({ error: LINKS_NOT_A_LIST_MESSAGE }).trim(),
  }),
  { error: LINKS_NOT_A_LIST_MESSAGE },
);

/** Pairs with an empty title or url are dropped, as the edit dialog does, before the rules are checked. */
const savedLinks = linkPairs
  .transform((links) => links.filter((link) => link.title && link.url))
  .pipe(
    z
      .array(z.object({ title: z.string(), url: webAddress(LINK_SCHEME_MESSAGE) }))
      .max(PROFILE_LINKS_MAX, { error: TOO_MANY_LINKS_MESSAGE }),
  );

/** `links` arrives as JSON text inside the multipart form; blank leaves the links as they are. */
const linksField = z
  .string()
  .optional()
  .transform((text, context) => {
    if (!text?.trim()) return undefined;
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      context.addIssue({ code: 'custom', message: LINKS_NOT_A_LIST_MESSAGE });
      return z.NEVER;
    }
    const links = savedLinks.safeParse(parsed);
    if (links.success) return links.data;
    for (const issue of links.error.issues) context.addIssue({ code: 'custom', message: issue.message });
    return z.NEVER;
  });

/** The Edit Profile fields a person can empty; the form names them in `clear`, since empty fields are omitted. */
export const CLEARABLE_PROFILE_FIELDS = ['firstName', 'lastName', 'bio'] as const;
const CLEAR_FIELD_MESSAGE = `clear lists the fields to empty, separated by commas: ${CLEARABLE_PROFILE_FIELDS.join(', ')}.`;

const clearField = z
  .string()
  .optional()
  .transform((text) => (text ?? '').split(',').flatMap((name) => (name.trim() ? [name.trim()] : [])))
  .pipe(z.array(z.enum(CLEARABLE_PROFILE_FIELDS, { error: CLEAR_FIELD_MESSAGE })));

/** Spec §7 PUT /api/profile from the Edit Profile dialog: text fields of the multipart form. */
export const profileFieldsSchema = z.object({
  username: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : undefined))
    .refine((value) => value === undefined || USERNAME_PATTERN.test(value), { error: USERNAME_RULE_MESSAGE }),
  firstName: optionalText(NAME_MAX_LENGTH, `Names can be at most ${NAME_MAX_LENGTH} characters.`),
  lastName: optionalText(NAME_MAX_LENGTH, `Names can be at most ${NAME_MAX_LENGTH} characters.`),
  bio: bioField,
  links: linksField,
  clear: clearField,
});
export type ProfileFields = z.output<typeof profileFieldsSchema>;

const ABOUT_BODY_MESSAGE = 'The About tab sends only bio, location, website and interests.';

/** Spec §7 PUT /api/profile from the About tab: the same path with a JSON body. */
export const aboutBodySchema = z.strictObject(
  {
    bio: clearable(optionalText(BIO_MAX_LENGTH, BIO_TOO_LONG_MESSAGE, ABOUT_BODY_MESSAGE)),
    location: clearable(
      optionalText(
        LOCATION_MAX_LENGTH,
        `Location can be at most ${LOCATION_MAX_LENGTH} characters.`,
        ABOUT_BODY_MESSAGE,
      ),
    ),
    website: clearable(optionalWebAddress(WEBSITE_SCHEME_MESSAGE, ABOUT_BODY_MESSAGE)),
    interests: clearable(
      optionalText(
        INTERESTS_MAX_LENGTH,
        `Interests can be at most ${INTERESTS_MAX_LENGTH} characters.`,
        ABOUT_BODY_MESSAGE,
      ),
    ),
  },
  { error: ABOUT_BODY_MESSAGE },
);
export type AboutBody = z.input<typeof aboutBodySchema>;
export type AboutChanges = z.output<typeof aboutBodySchema>;

/** My settings kept on the server (the theme stays in the browser): send what changes. */
export const settingsBodySchema = z.strictObject(
  {
    groupAdds: z
      .enum(GROUP_ADDS, { error: 'groupAdds must be "everyone", "following" or "nobody".' })
      .optional(),
    transcribePrivate: z.boolean({ error: 'transcribePrivate must be true or false.' }).optional(),
  },
  { error: 'Settings take only groupAdds and transcribePrivate.' },
);
export type SettingsChanges = z.infer<typeof settingsBodySchema>;

/** Spec §3 Profile position, as a framing of the picture; the server clamps each number to its range. */
export const pictureFramingSchema = z.object({
  positionX: z.number(),
  positionY: z.number(),
  zoom: z.number(),
});
export type PictureFramingBody = z.infer<typeof pictureFramingSchema>;
/** What clients before framing send: CSS pixels on a 128 px avatar. Still accepted, and converted. */
export const legacyProfilePositionSchema = z.object({ offsetX: z.number(), offsetY: z.number() });
export const profilePositionSchema = z.union([pictureFramingSchema, legacyProfilePositionSchema], {
  error: 'Send the picture position as positionX and positionY (0 to 100) and zoom (1 to 4).',
});
export type ProfilePosition = z.infer<typeof profilePositionSchema>;
