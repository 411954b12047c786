import { MAX_AUDIO_BYTES, MAX_IMAGE_BYTES } from '@shared/domain/posts';

/** Spec §5 "Uploaded audio file": used when the file name has nothing before its extension. */
export const UPLOADED_AUDIO_TITLE = 'Uploaded Audio';

export type FileProblem = { title: string; description: string };

/** How long the browser may take to read a picked file's header before the file is refused as unreadable. */
const PROBE_TIMEOUT_MS = 10_000;

/**
 * Whether a file the browser types as video holds sound only: the browser reads its header and finds no picture.
 * Chromium types every WebM file `video/webm`, and WebM is what browsers record in (issue 25).
 */
export function holdsSoundOnly(file: Blob): Promise<boolean> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const media = document.createElement('video');
    const settle = (soundOnly: boolean) => {
      clearTimeout(timer);
      media.onloadedmetadata = media.onerror = null;
      media.removeAttribute('src');
      URL.revokeObjectURL(url);
      resolve(soundOnly);
    };
    const timer = setTimeout(() => settle(false), PROBE_TIMEOUT_MS);
    media.onloadedmetadata = () => settle(media.videoWidth === 0 && media.videoHeight === 0);
    media.onerror = () => settle(false);
    media.preload = 'metadata';
    media.muted = true;
    media.src = url;
    media.load();
  });
}

/**
 * Spec §5: audio by its type (`audio/…`), or typed as video with sound only in it (an audio-only WebM); at most
 * 100 MB. The server decides again by the content.
 */
export async function checkAudioFile(
  file: Blob,
  soundOnly: (file: Blob) => Promise<boolean> = holdsSoundOnly,
): Promise<FileProblem | null> {
  const audio = file.type.startsWith('audio/') || (file.type.startsWith('video/') && (await soundOnly(file)));
  if (!audio) {
    return { title: 'Invalid File Type', description: 'Please select an audio file' };
  }
  if (file.size > MAX_AUDIO_BYTES) {
    return { title: 'File Too Large', description: 'Please select an audio file smaller than 100MB' };
  }
  return null;
}

/** A cover photo: any image type, at most what the server accepts (10 MB). */
export function checkPhotoFile(file: { type: string; size: number }): FileProblem | null {
  if (!file.type.startsWith('image/')) {
    return { title: 'Invalid File Type', description: 'Please select an image file' };
  }
  if (file.size > MAX_IMAGE_BYTES) {
    return { title: 'File Too Large', description: 'Photos must be smaller than 10MB.' };
  }
  return null;
}

/** Spec §5: the title defaults to the file name without its extension, or "Uploaded Audio". */
export function titleFromFileName(name: string): string {
  const withoutExtension = name.replace(/\.[^./\\]*$/, '').trim();
  return withoutExtension || UPLOADED_AUDIO_TITLE;
}
