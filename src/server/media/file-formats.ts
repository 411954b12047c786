import { open } from 'node:fs/promises';

export interface AudioFormat {
  /** The ffmpeg demuxer to force, so the decoder never guesses from the content. */
  demuxer: 'matroska' | 'mov' | 'wav' | 'ogg' | 'flac' | 'mp3' | 'aac';
  mime: string;
  extension: string;
}

export interface ImageFormat {
  mime: 'image/png' | 'image/jpeg' | 'image/webp' | 'image/gif';
  extension: 'png' | 'jpg' | 'webp' | 'gif';
}

export async function readHead(file: string, bytes = 64): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

const startsWith = (head: Buffer, text: string, offset = 0) =>
  head.subarray(offset, offset + text.length).toString('latin1') === text;

/** Identifies audio containers by their magic bytes; the name and declared type of an upload are ignored. */
export function sniffAudioFormat(head: Buffer): AudioFormat | undefined {
  if (head.length >= 4 && head.readUInt32BE(0) === 0x1a45dfa3) {
    return head.includes('webm')
      ? { demuxer: 'matroska', mime: 'audio/webm', extension: 'webm' }
      : { demuxer: 'matroska', mime: 'audio/x-matroska', extension: 'mka' };
  }
  if (startsWith(head, 'ftyp', 4)) return { demuxer: 'mov', mime: 'audio/mp4', extension: 'm4a' };
  if (startsWith(head, 'RIFF') && startsWith(head, 'WAVE', 8))
    return { demuxer: 'wav', mime: 'audio/wav', extension: 'wav' };
  if (startsWith(head, 'OggS')) return { demuxer: 'ogg', mime: 'audio/ogg', extension: 'ogg' };
  if (startsWith(head, 'fLaC')) return { demuxer: 'flac', mime: 'audio/flac', extension: 'flac' };
  if (startsWith(head, 'ID3')) return { demuxer: 'mp3', mime: 'audio/mpeg', extension: 'mp3' };
  if (head.length >= 2 && head[0] === 0xff && (head[1]! & 0xe0) === 0xe0) {
    // MPEG audio frame sync: layer bits 00 mean ADTS AAC, anything else MP3.
    return (head[1]! & 0x06) === 0
      ? { demuxer: 'aac', mime: 'audio/aac', extension: 'aac' }
      : { demuxer: 'mp3', mime: 'audio/mpeg', extension: 'mp3' };
  }
  return undefined;
}

/** PNG, JPEG, WebP and GIF only: never SVG, which can carry script. */
export function sniffImageFormat(head: Buffer): ImageFormat | undefined {
  if (head.length >= 8 && head.readUInt32BE(0) === 0x89504e47) return { mime: 'image/png', extension: 'png' };
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) {
    return { mime: 'image/jpeg', extension: 'jpg' };
  }
  if (startsWith(head, 'RIFF') && startsWith(head, 'WEBP', 8))
    return { mime: 'image/webp', extension: 'webp' };
  if (startsWith(head, 'GIF87a') || startsWith(head, 'GIF89a'))
    return { mime: 'image/gif', extension: 'gif' };
  return undefined;
}
