import { z } from 'zod';

/** The largest width or height a consumer may ask for; beyond it is no real screen. */
const MAX_SIDE = 10_000;
const side = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a number of pixels.` })
    .int(`${name} must be a whole number of pixels.`)
    .min(1, `${name} must be at least 1 pixel.`)
    .max(MAX_SIDE, `${name} must be at most ${MAX_SIDE} pixels.`)
    .optional();

/**
 * oEmbed 1.0 (oembed.com) §2.2: the page to embed, the format (JSON alone; XML answers 501) and the largest size
 * the consumer has room for.
 */
export const oembedQuerySchema = z.object({
  url: z
    .string({ error: 'Say which post to embed: url is the address of its page.' })
    .min(1, 'Say which post to embed: url is the address of its page.')
    .max(2000, 'That url is too long to be a post’s address.'),
  format: z.string().max(20).optional(),
  maxwidth: side('maxwidth'),
  maxheight: side('maxheight'),
});

/**
 * oEmbed 1.0 §2.3.4's "rich" type: an iframe of the post's embeddable player. Its thumbnail (§2.3.4: all three
 * fields or none) is the post's photo, or its drawn share card, when that fits within maxwidth and maxheight.
 */
export const oembedSchema = z.object({
  version: z.literal('1.0'),
  type: z.literal('rich'),
  provider_name: z.string(),
  provider_url: z.string(),
  title: z.string(),
  author_name: z.string(),
  author_url: z.string(),
  html: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  thumbnail_url: z.string().optional(),
  thumbnail_width: z.number().int().optional(),
  thumbnail_height: z.number().int().optional(),
});
export type Oembed = z.infer<typeof oembedSchema>;
