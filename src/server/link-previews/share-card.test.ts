import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { prepareCardFonts } from './card-fonts';
import { renderShareCard, textImage } from './share-card';

describe('the share card’s text', () => {
  it('is drawn in a real typeface, whatever fonts the machine has: glyphs of their own widths, not boxes', async () => {
    // A machine with no fonts at all, unless fontconfig already started in this worker.
    const bare = path.join(await mkdtemp(path.join(os.tmpdir(), 'no-fonts-')), 'fonts.conf');
    await writeFile(bare, '<?xml version="1.0"?>\n<fontconfig></fontconfig>\n');
    process.env.FONTCONFIG_FILE = bare;
    await prepareCardFonts();
    const widthOf = async (text: string) =>
      (await textImage(text, { size: 40, weight: 'Bold', width: 1000, colour: '#ffffff' }))?.width ?? 0;
    const [narrow, wide] = await Promise.all([widthOf('iiiiiiiiii'), widthOf('WWWWWWWWWW')]);
    // A missing font draws every letter as the same box; Inter's i is under a third of its W.
    expect(narrow).toBeGreaterThan(0);
    expect(narrow / wide).toBeLessThan(0.4);
  });

  // 48 cards drawn at once take several seconds on a busy two-core machine: more than the unit tests' 5 s default.
  it(
    'leaves out text that draws nothing, however many cards are drawn at once',
    { timeout: 60_000 },
    async () => {
      await prepareCardFonts();
      const invisible = '\uFEFF\u200B\u200D';
      const cards = await Promise.all(
        Array.from({ length: 48 }, (_, index) =>
          renderShareCard({
            postId: `post-${index}`,
            title: index % 2 ? invisible : 'Morning by the river',
            authorName: index % 3 ? invisible : 'Ann',
            authorPicture: null,
            waveform: [0.2, 0.8, 0.4],
          }),
        ),
      );
      expect(cards.every((card) => card.length > 0)).toBe(true);
    },
  );
});
