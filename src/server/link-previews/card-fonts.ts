import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { inflateSync } from 'node:zlib';
import { escapeHtml } from '@shared/domain/escape-html';

/**
 * The app's typeface (Inter) for text drawn on the server. libvips draws text through fontconfig, which knows only
 * the machine's fonts (a clean server may have none) and whose FreeType here reads neither WOFF nor WOFF2, the only
 * forms the font package ships. So the package's WOFF files are unpacked into TrueType once, into a folder of their
 * own named by their content, and fontconfig is pointed at a configuration that adds it to the machine's fonts.
 */
export const CARD_FONT_FAMILY = 'Inter';

const FONT_FILES = [400, 700].flatMap((weight) =>
  ['latin', 'latin-ext'].map((subset) => `@fontsource/inter/files/inter-${subset}-${weight}-normal.woff`),
);

let ready: Promise<void> | undefined;

/**
 * Call once at start-up, before any text is drawn: fontconfig reads FONTCONFIG_FILE when it first starts, and the
 * process's environment is no request's to change. Later calls wait for the first.
 */
export function prepareCardFonts(): Promise<void> {
  ready ??= installFonts().catch((error: unknown) => {
    ready = undefined;
    throw error;
  });
  return ready;
}

async function installFonts(): Promise<void> {
  const require = createRequire(import.meta.url);
  const fonts = await Promise.all(
    FONT_FILES.map(async (file) => ({
      name: path.basename(file),
      bytes: await readFile(require.resolve(file)),
    })),
  );
  const digest = createHash('sha256');
  for (const font of fonts) digest.update(font.bytes);
  const folder = path.join(os.tmpdir(), `earshot-fonts-${digest.digest('hex').slice(0, 16)}`);
  await mkdir(folder, { recursive: true });
  for (const font of fonts) {
    const file = path.join(folder, font.name.replace(/\.woff$/, '.ttf'));
    if (!existsSync(file)) await writeAtomically(file, woffToSfnt(font.bytes));
  }
  const machineConfig = process.env.FONTCONFIG_FILE ?? '/etc/fonts/fonts.conf';
  const configName = `fonts-${createHash('sha256').update(machineConfig).digest('hex').slice(0, 8)}.conf`;
  const configFile = path.join(folder, configName);
  if (!existsSync(configFile)) await writeAtomically(configFile, fontconfigFile(folder, machineConfig));
  // Read when fontconfig first starts, which is the first text drawn in this process.
  process.env.FONTCONFIG_FILE = configFile;
}

/** Several processes may install at once: each file appears whole or not at all. */
async function writeAtomically(file: string, content: Buffer | string): Promise<void> {
  const partial = `${file}.${process.pid}.partial`;
  await writeFile(partial, content);
  await rename(partial, file);
}

/** The machine's own configuration (or the operator's FONTCONFIG_FILE), plus our folder. */
function fontconfigFile(folder: string, machineConfig: string): string {
  return `<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
<fontconfig>
  <include ignore_missing="yes">${escapeHtml(machineConfig)}</include>
  <dir>${escapeHtml(folder)}</dir>
  <cachedir>${escapeHtml(path.join(folder, 'cache'))}</cachedir>
</fontconfig>
`;
}

/**
 * WOFF 1.0 (W3C) back to the TrueType/OpenType file it wraps: the same tables, each inflated when it was
 * compressed, behind a plain table directory.
 */
export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.toString('latin1', 0, 4) !== 'wOFF') throw new Error('Not a WOFF font.');
  const flavor = woff.readUInt32BE(4);
  const tableCount = woff.readUInt16BE(12);
  const tables = Array.from({ length: tableCount }, (_, index) => {
    const entry = 44 + index * 20;
    const offset = woff.readUInt32BE(entry + 4);
    const compressedLength = woff.readUInt32BE(entry + 8);
    const length = woff.readUInt32BE(entry + 12);
    const stored = woff.subarray(offset, offset + compressedLength);
    return {
      tag: woff.readUInt32BE(entry),
      checksum: woff.readUInt32BE(entry + 16),
      data: compressedLength < length ? inflateSync(stored) : stored,
    };
  });
  const power = 2 ** Math.floor(Math.log2(tableCount));
  const header = Buffer.alloc(12 + 16 * tableCount);
  header.writeUInt32BE(flavor, 0);
  header.writeUInt16BE(tableCount, 4);
  header.writeUInt16BE(power * 16, 6);
  header.writeUInt16BE(Math.log2(power), 8);
  header.writeUInt16BE(tableCount * 16 - power * 16, 10);
  const parts: Buffer[] = [header];
  let offset = header.length;
  tables.forEach((table, index) => {
    const record = 12 + index * 16;
    header.writeUInt32BE(table.tag, record);
    header.writeUInt32BE(table.checksum, record + 4);
    header.writeUInt32BE(offset, record + 8);
    header.writeUInt32BE(table.data.length, record + 12);
    const padded = Buffer.alloc(Math.ceil(table.data.length / 4) * 4);
    table.data.copy(padded);
    parts.push(padded);
    offset += padded.length;
  });
  return Buffer.concat(parts);
}
