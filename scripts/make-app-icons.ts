/**
 * Draws the installable app's icons and the podcast artwork from the brand mark (src/client/public/favicon.svg)
 * into src/client/public/icons. Run after changing the mark: `npm run icons`; the PNGs are committed.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

const publicDir = path.resolve(import.meta.dirname, '../src/client/public');
const outDir = path.join(publicDir, 'icons');

/**
 * The mark drawn edge to edge, its bars shrunk into the middle 60 %: a launcher may crop a maskable icon to any
 * shape inside the central 80 % circle, and podcast directories want square artwork without transparent corners.
 */
function fullBleed(mark: string): string {
  return mark
    .replace(/\srx="\d+"/, '')
    .replace('<g ', '<g transform="translate(32 32) scale(0.62) translate(-32 -32)" ');
}

/** The bars alone, white on transparent: Android draws a notification's badge from its alpha only. */
function barsOnly(mark: string): string {
  return mark.replace(/<rect[^>]*\/>/, '');
}

const mark = await readFile(path.join(publicDir, 'favicon.svg'), 'utf8');
/** Opaque renders are the artwork that must be (Apple Podcasts refuses transparency); the others keep theirs. */
const renders: [file: string, svg: string, size: number, opaque: boolean][] = [
  ['icon-192.png', mark, 192, false],
  ['icon-512.png', mark, 512, false],
  ['icon-maskable-512.png', fullBleed(mark), 512, true],
  ['apple-touch-icon.png', fullBleed(mark), 180, true],
  ['podcast-artwork.png', fullBleed(mark), 1400, true],
  ['badge-96.png', barsOnly(mark), 96, false],
];
for (const [file, svg, size, opaque] of renders) {
  const image = sharp(Buffer.from(svg), { density: (72 * size) / 64 }).resize(size, size);
  const output = opaque ? image.flatten({ background: '#d3431a' }).png() : image.png();
  await output.toFile(path.join(outDir, file));
  console.log(`${file} ${size}×${size}`);
}
