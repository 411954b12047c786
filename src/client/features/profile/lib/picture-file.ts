import { MAX_IMAGE_BYTES } from '@shared/domain/posts';
import { COVER_IMAGE_TOO_LARGE_MESSAGE, PROFILE_IMAGE_TOO_LARGE_MESSAGE } from '@shared/domain/profile';

export type PictureKind = 'profile' | 'cover';

/** The kinds the server decodes (never SVG, which can carry script). */
export const PICTURE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export const PICTURE_ACCEPT = PICTURE_TYPES.join(',');

export interface PictureProblem {
  title: string;
  description: string;
}

const TOO_LARGE: Record<PictureKind, string> = {
  profile: PROFILE_IMAGE_TOO_LARGE_MESSAGE,
  cover: COVER_IMAGE_TOO_LARGE_MESSAGE,
};

/** Spec §5 Profile: image files only, each under 10 MB, with the spec's toast. */
export function checkPictureFile(
  file: { type: string; size: number },
  kind: PictureKind,
): PictureProblem | null {
  if (!(PICTURE_TYPES as readonly string[]).includes(file.type)) {
    return { title: 'Invalid File Type', description: 'Please choose a PNG, JPEG, WebP or GIF image.' };
  }
  if (file.size > MAX_IMAGE_BYTES) return { title: 'File Too Large', description: TOO_LARGE[kind] };
  return null;
}
