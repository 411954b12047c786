import { spawn } from 'node:child_process';
import { rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { AnalysedAudio, AudioInput, Ffmpeg } from '../src/server/media/ffmpeg';
import { readHead, sniffAudioFormat } from '../src/server/media/file-formats';
import { limitedSpeechGainDb, SPEECH_LIMIT_DB } from '../src/server/media/speech-loudness';
import type { Fixture } from './audio-fixtures';
import { ownCpuMs, reapedChildrenCpuMs } from './proc-stats';
import { log, median, pairedRatio, type Row } from './report';

interface Sample {
  wallMs: number;
  /** ffmpeg's user + system time plus this process's own (reading the PCM, computing the peaks). */
  cpuMs: number;
}

/** Nothing else runs in this process meanwhile, so both deltas belong to the task alone. */
async function measure(task: () => Promise<unknown>): Promise<Sample> {
  const childrenBefore = reapedChildrenCpuMs();
  const ownBefore = ownCpuMs();
  const start = performance.now();
  await task();
  const wallMs = performance.now() - start;
  return { wallMs, cpuMs: reapedChildrenCpuMs() - childrenBefore + (ownCpuMs() - ownBefore) };
}

/** Runs a bare ffmpeg, draining stdout and stderr; resolves with the stdout byte count. */
function bareFfmpeg(ffmpegPath: string, args: string[]): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpegPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let bytes = 0;
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (bytes += chunk.length));
    child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2000)));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(bytes) : reject(new Error(`ffmpeg failed (${code}): ${stderr.trim()}`)),
    );
  });
}

interface Rounds {
  analyse: Sample[];
  decodeFloor: Sample[];
  render: Sample[];
  renderFloor: Sample[];
}

export interface MediaBenchOptions {
  ffmpeg: Ffmpeg;
  input: Fixture;
  directory: string;
  rounds: number;
}

export async function benchMedia(options: MediaBenchOptions): Promise<{ rows: Row[]; notes: string[] }> {
  const { ffmpeg, directory } = options;
  const ffmpegPath = ffmpeg.binary.path;
  const format = sniffAudioFormat(await readHead(options.input.file));
  if (!format) throw new Error(`bench input ${options.input.file} is not audio we recognise`);
  const input: AudioInput = { file: options.input.file, format };
  const oursOut = path.join(directory, 'ours.m4a');
  const floorOut = path.join(directory, 'floor.m4a');

  const decodeFloorArgs = ['-nostdin', '-i', input.file, '-ac', '1', '-ar', '8000', '-f', 's16le', '-'];
  const renderFloorArgs = ['-nostdin', '-y', '-i', input.file, '-c:a', 'aac', '-aac_coder', 'fast'];
  renderFloorArgs.push('-b:a', '96k', floorOut);

  let analysis: AnalysedAudio | undefined;
  let floorPcmBytes = 0;
  const analyse = async () => {
    analysis = await ffmpeg.analyse([input]);
  };
  const decodeFloor = async () => {
    floorPcmBytes = await bareFfmpeg(ffmpegPath, decodeFloorArgs);
  };
  const render = async () => {
    await rm(oursOut, { force: true });
    if (!analysis) throw new Error('render needs the analysis first');
    await ffmpeg.renderSpeech(input, {
      output: oursOut,
      gainDb: limitedSpeechGainDb(
        { peaks: analysis.levels, loudnessSteps: analysis.loudnessSteps },
        SPEECH_LIMIT_DB,
      ),
      limitDb: SPEECH_LIMIT_DB,
      peaks: analysis.levels,
    });
  };
  const renderFloor = async () => {
    await rm(floorOut, { force: true });
    await bareFfmpeg(ffmpegPath, renderFloorArgs);
  };

  log('media: warm-up (one untimed run of each, so page cache and binaries are warm for both sides)');
  for (const task of [analyse, decodeFloor, render, renderFloor]) await task();

  const rounds: Rounds = { analyse: [], decodeFloor: [], render: [], renderFloor: [] };
  for (let round = 1; round <= options.rounds; round += 1) {
    // Every other round the floor goes first, so a machine speeding up or slowing down favours neither side.
    const pairs: Array<[keyof Rounds, () => Promise<void>]>[] = [
      [
        ['analyse', analyse],
        ['decodeFloor', decodeFloor],
      ],
      [
        ['render', render],
        ['renderFloor', renderFloor],
      ],
    ];
    for (const pair of pairs) {
      for (const [name, task] of round % 2 === 1 ? pair : [...pair].reverse()) {
        rounds[name].push(await measure(task));
      }
    }
    const last = (samples: Sample[]) => `${(samples.at(-1)!.wallMs / 1000).toFixed(2)}s`;
    log(
      `media: round ${round}/${options.rounds}: analyse ${last(rounds.analyse)} vs decode ${last(rounds.decodeFloor)}, ` +
        `render ${last(rounds.render)} vs bare aac ${last(rounds.renderFloor)}`,
    );
  }

  const section = 'Media';
  /** Medians in seconds, and the median of the per-round ratios (each pair ran back to back). */
  const compare = (measure: string, ours: number[], floor: number[], maxRatio: number): Row => ({
    section,
    measure,
    ours: median(ours) / 1000,
    floor: median(floor) / 1000,
    ratio: pairedRatio(ours, floor),
    unit: 's',
    goal: { kind: 'ratio-at-most', value: maxRatio },
  });
  const values = (samples: Sample[], key: keyof Sample) => samples.map((sample) => sample[key]);
  const sum = (a: number[], b: number[]) => a.map((value, index) => value + b[index]!);
  const rows: Row[] = [
    compare(
      'Peaks: analyse() vs bare s16le decode, wall',
      values(rounds.analyse, 'wallMs'),
      values(rounds.decodeFloor, 'wallMs'),
      1.2,
    ),
    compare(
      'Peaks: analyse() vs bare s16le decode, CPU',
      values(rounds.analyse, 'cpuMs'),
      values(rounds.decodeFloor, 'cpuMs'),
      1.2,
    ),
    compare(
      'Rendition: renderSpeech() vs bare aac fast, wall',
      values(rounds.render, 'wallMs'),
      values(rounds.renderFloor, 'wallMs'),
      1.1,
    ),
    compare(
      'Rendition: renderSpeech() vs bare aac fast, CPU',
      values(rounds.render, 'cpuMs'),
      values(rounds.renderFloor, 'cpuMs'),
      1.1,
    ),
    compare(
      'Pipeline CPU: analyse+render vs sum of floors',
      sum(values(rounds.analyse, 'cpuMs'), values(rounds.render, 'cpuMs')),
      sum(values(rounds.decodeFloor, 'cpuMs'), values(rounds.renderFloor, 'cpuMs')),
      1.3,
    ),
  ];

  const [oursSize, floorSize, inputSize] = await Promise.all(
    [oursOut, floorOut, input.file].map(async (file) => (await stat(file)).size),
  );
  const notes = [
    `Media input: ${options.input.seconds} s speech-like Opus/WebM, 48 kHz mono, written to a pipe as MediaRecorder does ` +
      `(${(inputSize! / 1e6).toFixed(1)} MB). ${options.rounds} rounds, each analyse and its floor, then render and its floor; the floor goes first in even rounds.`,
    `Media check: analyse() measured ${analysis?.durationSeconds.toFixed(2)} s, ${analysis?.waveform.length} bars, ` +
      `${analysis?.peaks.length} high-res peaks, ${analysis?.loudnessLufs ?? 'no'} LUFS; ` +
      `the floor decoded ${(floorPcmBytes / 16_000).toFixed(2)} s of 8 kHz PCM. ` +
      `Renditions: ours ${(oursSize! / 1e6).toFixed(2)} MB, floor ${(floorSize! / 1e6).toFixed(2)} MB.`,
    "CPU time = the ffmpeg child's user+system time (the delta of this process's reaped-children time, cutime+cstime " +
      "in /proc/self/stat, which Node fills in when it reaps the child) plus this process's own CPU (process.cpuUsage), " +
      'which for ours includes reading the PCM and computing the peaks, for the floor draining the pipe.',
  ];
  await Promise.all([rm(oursOut, { force: true }), rm(floorOut, { force: true })]);
  return { rows, notes };
}
