import { escapeHtml } from '@shared/domain/escape-html';
import { postArtPalette, waveformBars } from '@shared/domain/post-art';
import { PRODUCT_NAME } from '@shared/domain/product';
import sharp, { type OverlayOptions } from 'sharp';
import { CARD_FONT_FAMILY } from './card-fonts';

/** Open Graph's and X's recommended large image: 1.91:1. */
export const SHARE_CARD_SIZE = { width: 1200, height: 630 } as const;
/** Bumped whenever the drawing changes, so every card gets a new address. */
export const SHARE_CARD_DESIGN = 1;

export interface ShareCardContent {
  postId: string;
  title: string;
  authorName: string;
  /** The author's picture (any format sharp reads), or none. */
  authorPicture: Buffer | null;
  /** The post's waveform, each 0..1. */
  waveform: readonly number[];
}

const MARGIN = 80;
const TEXT_WIDTH = SHARE_CARD_SIZE.width - 2 * MARGIN;
const AVATAR = 72;
const HEADER_TOP = 64;
const TITLE_TOP = 188;
const TITLE_MAX_HEIGHT = 240;
/** Tried largest first until the title fits its box. */
const TITLE_SIZES = [76, 64, 54, 46, 40] as const;
const WAVE_TOP = 450;
const WAVE_HEIGHT = 120;
const BAR_COUNT = 100;

/** What Pango says of text that draws nothing (only invisible characters, such as a zero-width space). */
const NOTHING_TO_DRAW = 'no text to render';
/**
 * Text with nothing but spaces, control and ignorable characters. It is not given to libvips at all: its "no text to
 * render" error shares a buffer with the other threads' messages, so under load it comes back as another's.
 */
const drawsNothing = (text: string) =>
  !/[^\p{White_Space}\p{Default_Ignorable_Code_Point}\p{Cc}]/u.test(text);

/** One block of text, wrapped at `width`, as an image with transparency; null when the text draws nothing. */
export async function textImage(
  text: string,
  options: { size: number; weight: 'Bold' | 'Regular'; width: number; colour: string },
) {
  if (drawsNothing(text)) return null;
  const drawn = await sharp({
    text: {
      text: `<span foreground="${options.colour}">${escapeHtml(text)}</span>`,
      font: `${CARD_FONT_FAMILY} ${options.weight} ${options.size}px`,
      width: options.width,
      wrap: 'word-char',
      rgba: true,
      spacing: Math.round(options.size * 0.12),
    },
  })
    .png()
    .toBuffer({ resolveWithObject: true })
    .catch((error: unknown) => {
      if (error instanceof Error && error.message.includes(NOTHING_TO_DRAW)) return null;
      throw error;
    });
  return drawn && { input: drawn.data, width: drawn.info.width, height: drawn.info.height };
}

async function titleImage(title: string) {
  for (const size of TITLE_SIZES) {
    const image = await textImage(title, { size, weight: 'Bold', width: TEXT_WIDTH, colour: '#ffffff' });
    if (!image) return null;
    if (image.height <= TITLE_MAX_HEIGHT || size === TITLE_SIZES.at(-1)) {
      // The smallest size still too tall: cut at the box, as a clamp would.
      if (image.height <= TITLE_MAX_HEIGHT) return image;
      const input = await sharp(image.input)
        .extract({ left: 0, top: 0, width: image.width, height: TITLE_MAX_HEIGHT })
        .toBuffer();
      return { ...image, input, height: TITLE_MAX_HEIGHT };
    }
  }
  throw new Error('unreachable');
}

async function roundAvatar(picture: Buffer): Promise<Buffer | null> {
  const mask = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${AVATAR}" height="${AVATAR}"><circle cx="${AVATAR / 2}" cy="${AVATAR / 2}" r="${AVATAR / 2}"/></svg>`,
  );
  try {
    return await sharp(picture)
      .resize(AVATAR, AVATAR, { fit: 'cover' })
      .composite([{ input: mask, blend: 'dest-in' }])
      .png()
      .toBuffer();
  } catch {
    // A picture that no longer decodes leaves the card without it rather than without a card.
    return null;
  }
}

/** The gradient, a shade for the text to stand on, and the waveform: everything but the text. */
function backgroundSvg(content: ShareCardContent): string {
  const { width, height } = SHARE_CARD_SIZE;
  const [from, via, to] = postArtPalette(content.postId);
  const pitch = TEXT_WIDTH / BAR_COUNT;
  const barWidth = pitch * 0.56;
  const bars = waveformBars(content.waveform, BAR_COUNT)
    .map((level, index) => {
      const barHeight = Math.max(barWidth, level * WAVE_HEIGHT);
      const x = MARGIN + index * pitch + (pitch - barWidth) / 2;
      const y = WAVE_TOP + (WAVE_HEIGHT - barHeight) / 2;
      return `<rect x="${x.toFixed(1)}" y="${y.toFixed(1)}" width="${barWidth.toFixed(1)}" height="${barHeight.toFixed(1)}" rx="${(barWidth / 2).toFixed(1)}"/>`;
    })
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs>
    <linearGradient id="art" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${from}"/><stop offset="0.5" stop-color="${via}"/><stop offset="1" stop-color="${to}"/>
    </linearGradient>
    <linearGradient id="shade" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#000" stop-opacity="0.32"/><stop offset="0.55" stop-color="#000" stop-opacity="0.12"/>
      <stop offset="1" stop-color="#000" stop-opacity="0.38"/>
    </linearGradient>
  </defs>
  <rect width="${width}" height="${height}" fill="url(#art)"/>
  <rect width="${width}" height="${height}" fill="url(#shade)"/>
  <circle cx="${width - 120}" cy="90" r="260" fill="#fff" fill-opacity="0.08"/>
  <g fill="#fff" fill-opacity="0.85">${bars}</g>
</svg>`;
}

type TextImage = NonNullable<Awaited<ReturnType<typeof textImage>>>;

/** The layer of a text image where `place` puts it; none for text that draws nothing. */
const placed = (image: TextImage | null, place: (image: TextImage) => { left: number; top: number }) =>
  image ? [{ input: image.input, ...place(image) }] : [];

/**
 * The PNG share image of a post without a photo: its title, author and waveform over its artwork. The app's fonts
 * are prepared at start-up (card-fonts.ts).
 */
export async function renderShareCard(content: ShareCardContent): Promise<Buffer> {
  const avatar = content.authorPicture ? await roundAvatar(content.authorPicture) : null;
  const nameLeft = avatar ? MARGIN + AVATAR + 20 : MARGIN;
  const [title, name, product] = await Promise.all([
    titleImage(content.title),
    textImage(content.authorName, { size: 34, weight: 'Bold', width: 640, colour: '#ffffff' }),
    textImage(PRODUCT_NAME, { size: 34, weight: 'Bold', width: 300, colour: '#ffffff' }),
  ]);
  const rowMiddle = HEADER_TOP + AVATAR / 2;
  const layers: OverlayOptions[] = [
    ...(avatar ? [{ input: avatar, left: MARGIN, top: HEADER_TOP }] : []),
    ...placed(name, (image) => ({ left: nameLeft, top: Math.round(rowMiddle - image.height / 2) })),
    ...placed(product, (image) => ({
      left: SHARE_CARD_SIZE.width - MARGIN - image.width,
      top: Math.round(rowMiddle - image.height / 2),
    })),
    ...placed(title, () => ({ left: MARGIN, top: TITLE_TOP })),
  ];
  return sharp(Buffer.from(backgroundSvg(content)))
    .composite(layers)
    .png({ compressionLevel: 8 })
    .toBuffer();
}
