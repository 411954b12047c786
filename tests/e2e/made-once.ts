import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { runDir } from './server';

/**
 * A file made once per run (audio the tests need, which ffmpeg takes a while to make): the first caller's `make`
 * writes it, every later caller, in any worker, finds it in the run's directory. `name` keeps its extension, which
 * tells ffmpeg the container. Made under a name of its own and then renamed, so no one reads half a file.
 */
export async function madeOnce(name: string, make: (file: string) => Promise<void>): Promise<string> {
  const dir = path.join(runDir(), 'made-once');
  const file = path.join(dir, name);
  if (await exists(file)) return file;
  await mkdir(dir, { recursive: true });
  const draft = path.join(dir, `${process.pid}-${name}`);
  await make(draft);
  await rename(draft, file);
  return file;
}

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}

/** Bytes made once per run, kept under a name drawn from `key` (whatever determines them). */
export async function bytesMadeOnce(
  key: unknown,
  extension: string,
  make: () => Promise<Buffer>,
): Promise<Buffer> {
  const name = createHash('sha256').update(JSON.stringify(key)).digest('hex').slice(0, 16);
  return readFile(await madeOnce(`${name}.${extension}`, async (draft) => writeFile(draft, await make())));
}
