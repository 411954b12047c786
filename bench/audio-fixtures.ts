import { execFile, spawn } from 'node:child_process';
import { open } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** A few things people say in voice posts, in several voices, so the audio has speech's pauses and dynamics. */
const SCRIPT = [
  {
    voice: 'en-us',
    pitch: 45,
    speed: 165,
    text: 'Hello and welcome back. I recorded this on my walk to work, so you might hear a car or two. Today I want to talk about the small things that make a morning feel good: a warm cup of coffee, a quiet street, and the first light over the roofs.',
  },
  {
    voice: 'en-gb+f3',
    pitch: 60,
    speed: 150,
    text: 'Quick update from the studio. We finished the second mix last night, and honestly, it sounds better than I hoped. The drums are tighter, the vocals sit right in the middle, and the bridge finally breathes. Tell me what you think when it comes out next week.',
  },
  {
    voice: 'en-us+m3',
    pitch: 35,
    speed: 180,
    text: 'So here is the thing about learning a language as an adult. You will feel silly for a while. That is fine. Speak anyway, make the mistakes out loud, and let people correct you. Ten minutes a day beats two hours on a Sunday, every single time.',
  },
  {
    voice: 'en-gb-scotland',
    pitch: 50,
    speed: 140,
    text: 'Good evening, everyone. It has been raining for three days straight, and the garden looks like a small lake. The cat refuses to go outside. I do not blame her. Anyway, the soup is on, the fire is lit, and I have a new book. Not a bad evening at all.',
  },
];

export interface Fixture {
  file: string;
  seconds: number;
}

async function hasEspeak(): Promise<boolean> {
  try {
    await run('espeak-ng', ['--version']);
    return true;
  } catch {
    return false;
  }
}

/** Runs ffmpeg with stdout written to `outputFile`: a muxer on a pipe cannot seek back, as in a browser. */
async function ffmpegToPipeFile(ffmpegPath: string, args: string[], outputFile: string): Promise<void> {
  const output = await open(outputFile, 'w');
  try {
    await new Promise<void>((resolve, reject) => {
      const child = spawn(ffmpegPath, args, { stdio: ['ignore', output.fd, 'pipe'] });
      let stderr = '';
      child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
      child.on('error', reject);
      child.on('close', (code) =>
        code === 0 ? resolve() : reject(new Error(`ffmpeg failed (${code}): ${stderr.trim()}`)),
      );
    });
  } finally {
    await output.close();
  }
}

/** One WAV of the script spoken by espeak-ng, at 48 kHz mono with short pauses between speakers. */
async function spokenScript(ffmpegPath: string, directory: string): Promise<string> {
  const parts: string[] = [];
  for (const [index, line] of SCRIPT.entries()) {
    const file = path.join(directory, `line-${index}.wav`);
    await run('espeak-ng', [
      '-v',
      line.voice,
      '-p',
      String(line.pitch),
      '-s',
      String(line.speed),
      '-w',
      file,
      line.text,
    ]);
    parts.push(file);
  }
  const joined = path.join(directory, 'script.wav');
  const graph =
    parts.map((_, index) => `[${index}:a]aresample=48000,apad=pad_dur=0.8[p${index}]`).join(';') +
    `;${parts.map((_, index) => `[p${index}]`).join('')}concat=n=${parts.length}:v=0:a=1[out]`;
  await run(ffmpegPath, [
    '-nostdin',
    '-loglevel',
    'error',
    '-y',
    ...parts.flatMap((part) => ['-i', part]),
    '-filter_complex',
    graph,
    '-map',
    '[out]',
    '-ac',
    '1',
    joined,
  ]);
  return joined;
}

/**
 * A speech-like recording as Chromium's MediaRecorder uploads it: Opus in WebM, 48 kHz mono, written to a pipe
 * (no duration in the header), with a quiet room-noise floor. espeak-ng speaks when installed; otherwise
 * band-passed pink noise with a syllable-rate tremolo stands in.
 */
export async function makeSpeechWebm(
  ffmpegPath: string,
  directory: string,
  seconds: number,
): Promise<Fixture> {
  const file = path.join(directory, `speech-${seconds}s.webm`);
  const room = 'anoisesrc=color=pink:amplitude=0.004:seed=7';
  const voiceInput = (await hasEspeak())
    ? ['-stream_loop', '-1', '-i', await spokenScript(ffmpegPath, directory)]
    : [
        '-f',
        'lavfi',
        '-i',
        'anoisesrc=color=pink:amplitude=0.3:seed=3,bandpass=f=900:width_type=o:w=2,tremolo=f=4:d=0.9',
      ];
  await ffmpegToPipeFile(
    ffmpegPath,
    [
      '-nostdin',
      '-loglevel',
      'error',
      ...voiceInput,
      '-f',
      'lavfi',
      '-i',
      room,
      '-filter_complex',
      '[0:a]aresample=48000[voice];[voice][1:a]amix=inputs=2:duration=first:normalize=0',
      '-t',
      String(seconds),
      '-ac',
      '1',
      '-ar',
      '48000',
      '-c:a',
      'libopus',
      '-b:a',
      '64k',
      '-f',
      'webm',
      'pipe:1',
    ],
    file,
  );
  return { file, seconds };
}

/** The first `seconds` of `source` as our rendition looks: AAC in M4A, 96 kb/s, moov first. */
export async function makeAacClip(
  ffmpegPath: string,
  source: string,
  file: string,
  seconds: number,
): Promise<Fixture> {
  await run(ffmpegPath, [
    '-nostdin',
    '-loglevel',
    'error',
    '-y',
    '-i',
    source,
    '-t',
    String(seconds),
    '-c:a',
    'aac',
    '-aac_coder',
    'fast',
    '-b:a',
    '96k',
    '-movflags',
    '+faststart',
    file,
  ]);
  return { file, seconds };
}

/** ffmpeg's first line (`ffmpeg version …`), for the report. */
export async function ffmpegVersion(ffmpegPath: string): Promise<string> {
  const { stdout } = await run(ffmpegPath, ['-hide_banner', '-version']);
  return stdout.split('\n')[0]?.trim() ?? 'unknown';
}
