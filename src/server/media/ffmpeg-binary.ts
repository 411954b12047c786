import { accessSync, constants } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

export type BinarySource = 'configured' | 'system' | 'npm';

export interface ResolvedBinary {
  path: string;
  source: BinarySource;
}

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function findOnPath(name: string): string | undefined {
  const directories = (process.env.PATH ?? '').split(path.delimiter).filter(Boolean);
  return directories.map((directory) => path.join(directory, name)).find(isExecutable);
}

const require = createRequire(import.meta.url);

function npmShipped(packageName: string): string {
  // The installer packages throw on import for platforms they have no binary for, so load them only here.
  const { path: binaryPath } = require(packageName) as { path: string };
  return binaryPath;
}

/**
 * FFMPEG_PATH when set; else the system's build on PATH, which its distribution keeps patched; else the binary
 * shipped on npm, so `npm install` is always enough.
 */
export function resolveFfmpeg(options: {
  ffmpegPath?: string | undefined;
  preferNpm?: boolean;
}): ResolvedBinary {
  if (options.ffmpegPath) return { path: options.ffmpegPath, source: 'configured' };
  const system = options.preferNpm ? undefined : findOnPath('ffmpeg');
  if (system) return { path: system, source: 'system' };
  return { path: npmShipped('@ffmpeg-installer/ffmpeg'), source: 'npm' };
}
