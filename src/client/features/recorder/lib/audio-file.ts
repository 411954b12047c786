import { MAX_AUDIO_BYTES, MAX_IMAGE_BYTES } from '@shared/domain/posts';

/** Spec §5 "Uploaded audio file": used when the file name has nothing before its extension. */
export const UPLOADED_AUDIO_TITLE = 'Uploaded Audio';

export type FileProblem = { title: string; description: string };

/** Spec §5: the type must begin with `audio/` and the size be at most 100 MB. */
export function checkAudioFile(file: { type: string; size: number }): FileProblem | null {
  if (!file.type.startsWith('audio/')) {
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
