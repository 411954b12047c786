import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTone, writeFfmpegStandIn } from '../../../tests/support/audio';
import { resolveFfmpeg } from './ffmpeg-binary';
import { createFfmpeg, type AnalysedAudio, type AudioInput } from './ffmpeg';
import { MediaProcessError } from './process-runner';

const WAV: AudioInput['format'] = { demuxer: 'wav', mime: 'audio/wav', extension: 'wav' };
const M4A: AudioInput['format'] = { demuxer: 'mov', mime: 'audio/mp4', extension: 'm4a' };
const system = resolveFfmpeg({});
const ffmpeg = createFfmpeg(system, { timeoutMs: 60_000 });

let directory: string;
let tenMinutes: AudioInput;
let analysed: AnalysedAudio;
beforeAll(async () => {
  directory = await mkdtemp(path.join(os.tmpdir(), 'earshot-ffmpeg-'));
  const file = path.join(directory, 'tone-600s.wav');
  await makeTone(system.path, file, { seconds: 600, codecArgs: ['-ar', '16000'] });
  tenMinutes = { file, format: WAV };
  analysed = await ffmpeg.analyse([tenMinutes]);
}, 60_000);
afterAll(() => (directory ? rm(directory, { recursive: true, force: true }) : undefined));

const renditionOf = (output: string, cpuBudgetMs: number) => ({
  output: path.join(directory, output),
  gainDb: 0,
  limitDb: -1,
  peaks: analysed.levels,
  cpuBudgetMs,
});

describe('a background render’s budget is CPU time', () => {
  it('stops an encode that uses more CPU than its budget, saying so', { timeout: 60_000 }, async () => {
    // Ten minutes of audio take several seconds of CPU to encode: far past a budget of one.
    const failure: unknown = await ffmpeg
      .renderSpeech(tenMinutes, renditionOf('over-budget.m4a', 1000))
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(MediaProcessError);
    expect((failure as MediaProcessError).reason).toBe('timed-out');
    expect((failure as MediaProcessError).message).toMatch(
      /used its budget of 1 s of CPU time and was stopped/,
    );
  });

  it(
    'lets an encode held up by other work take longer than its budget on the clock',
    { timeout: 60_000 },
    async () => {
      // A machine busy elsewhere, as seen by the render: seconds pass before ffmpeg gets to run.
      const busy = await writeFfmpegStandIn(path.join(directory, 'busy-ffmpeg.sh'), 'sleep 3');
      const delayed = createFfmpeg({ path: busy, source: 'configured' }, { timeoutMs: 60_000 });
      const oneSecond = path.join(directory, 'one-second.wav');
      await makeTone(system.path, oneSecond, { seconds: 1 });
      const { levels } = await ffmpeg.analyse([{ file: oneSecond, format: WAV }]);
      const rendition = { ...renditionOf('delayed.m4a', 1000), peaks: levels };
      await delayed.renderSpeech({ file: oneSecond, format: WAV }, rendition);
      expect((await stat(rendition.output)).size).toBeGreaterThan(1000);
      const rendered = await ffmpeg.analyse([{ file: rendition.output, format: M4A }]);
      expect(rendered.durationSeconds).toBeCloseTo(1, 1);
    },
  );
});
