import { computeWordTimings } from '../src/shared/domain/transcript-timing';
import type { Ffmpeg } from '../src/server/media/ffmpeg';
import { createForcedAligner } from '../src/server/media/forced-aligner';
import { errorPercentiles, speakWords, SPOKEN_GAPS, SPOKEN_SENTENCES } from '../tests/support/spoken-words';
import { ownCpuMs, reapedChildrenCpuMs } from './proc-stats';
import { log, type Row } from './report';
import type { Workspace } from './workspace';

/** espeak-ng voices the recordings are spoken in, one a recording, so the aligner meets more than one voice. */
const VOICES = ['en-us', 'en-gb', 'en-us+m3', 'en-gb-scotland', 'en-us+f3', 'en-gb+f2'];

export interface AlignmentSettings {
  ffmpeg: Ffmpeg;
  recordings: number;
  /** Times each recording's sentences are said in a row: 1 is about 20 s of speech. */
  repeats: number;
}

/**
 * Word-start error of the aligned and of the estimated (spec §9) times against the truth, on recordings whose
 * every word boundary is known (espeak-ng words joined with known pauses, tests/support/spoken-words.ts), and the
 * CPU the aligner spends (its ffmpeg decode and pocketsphinx, and this process's dictionary lookup).
 */
export async function benchAlignment(
  workspace: Workspace,
  settings: AlignmentSettings,
): Promise<{ rows: Row[]; notes: string[] }> {
  const directory = await workspace.dir('alignment');
  let scratchCount = 0;
  const aligner = createForcedAligner({
    ffmpeg: settings.ffmpeg,
    newScratchPath: async (extension) => `${directory}/scratch-${(scratchCount += 1)}.${extension}`,
    searchPath: process.env.PATH,
  });
  const aligned: number[] = [];
  const estimated: number[] = [];
  let audioSeconds = 0;
  let cpuMs = 0;
  let wallMs = 0;
  let alignedRecordings = 0;
  const kept: string[] = [];
  for (let index = 0; index < settings.recordings; index += 1) {
    const voice = VOICES[index % VOICES.length]!;
    const sentences = Array.from({ length: settings.repeats }, () => SPOKEN_SENTENCES).flat();
    const words = sentences.join(' ').split(' ');
    const gaps = SPOKEN_GAPS.map((_, at) => SPOKEN_GAPS[(at + index) % SPOKEN_GAPS.length]!);
    const recording = await speakWords(words, { gaps, voice, file: `${directory}/${voice}-${index}.wav` });
    const text = sentences.map((sentence) => `${sentence[0]!.toUpperCase()}${sentence.slice(1)}.`).join(' ');
    const cpuBefore = reapedChildrenCpuMs() + ownCpuMs();
    const start = performance.now();
    const outcome = await aligner.align(
      { file: recording.file, format: { demuxer: 'wav', mime: 'audio/wav', extension: 'wav' } },
      text,
      recording.duration,
    );
    wallMs += performance.now() - start;
    cpuMs += reapedChildrenCpuMs() + ownCpuMs() - cpuBefore;
    audioSeconds += recording.duration;
    const estimate = computeWordTimings(text, recording.duration);
    // What a listener gets: the aligned times, or the estimate where the aligner kept it.
    const served =
      outcome.kind === 'aligned' ? outcome.times.map(([begin]) => begin) : estimate.map((w) => w.start);
    if (outcome.kind === 'aligned') alignedRecordings += 1;
    else kept.push(`${voice}: ${outcome.reason}`);
    recording.words.forEach((word, at) => {
      aligned.push(served[at]! - word.start);
      estimated.push(estimate[at]!.start - word.start);
    });
    log(`alignment: ${voice}, ${recording.duration.toFixed(1)} s, ${outcome.kind}`);
  }
  const ours = errorPercentiles(aligned);
  const floor = errorPercentiles(estimated);
  const cpuPerMinute = cpuMs / 1000 / (audioSeconds / 60);
  const rows: Row[] = [
    {
      section: 'Alignment',
      measure: 'Word-start error, median: aligned (ours) against the letter-count estimate (floor)',
      ours: ours.median * 1000,
      floor: floor.median * 1000,
      unit: 'ms',
      goal: { kind: 'below', value: 150 },
    },
    {
      section: 'Alignment',
      measure: 'Word-start error, 90th percentile: aligned against the estimate',
      ours: ours.p90 * 1000,
      floor: floor.p90 * 1000,
      unit: 'ms',
      goal: { kind: 'below', value: 400 },
    },
    {
      section: 'Alignment',
      measure: 'CPU seconds of work per minute of audio (decode, pocketsphinx, dictionary)',
      ours: cpuPerMinute,
      unit: 's/min',
      goal: { kind: 'below', value: 6 },
    },
  ];
  const notes = [
    `Alignment: ${settings.recordings} recordings of espeak-ng words (${VOICES.slice(0, settings.recordings).join(', ')}) ` +
      `joined with known pauses of 0.15–1.1 s over a faint noise floor, ${aligned.length} words, ` +
      `${audioSeconds.toFixed(1)} s of audio; ${alignedRecordings} aligned` +
      (kept.length ? `, the estimate kept for ${kept.join('; ')}` : '') +
      `. Error is |start − true start|; the "aligned" figures are what listeners get (the estimate where it was kept). ` +
      `Work: ${(cpuMs / 1000).toFixed(2)} s CPU, ${(wallMs / 1000).toFixed(2)} s wall in all.`,
  ];
  return { rows, notes };
}
