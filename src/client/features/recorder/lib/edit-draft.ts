import type { EditDraft } from '@client/lib/pending-edit-draft';
import { DIARY_CATEGORY } from '@shared/domain/posts';
import type { PublishDetails } from './upload-form';

/** The recorder samples the microphone level every 50 ms while recording. */
export const LEVELS_PER_SECOND = 20;

/** The save form, filled in from the draft being edited (spec §4 "Editing a draft"). */
export function detailsFromDraft(draft: EditDraft): PublishDetails {
  return {
    title: draft.title.trim(),
    category: draft.category.trim() || DIARY_CATEGORY,
    description: draft.transcription,
    promotionTitle: draft.affiliateLinkTitle,
    promotionLink: draft.affiliateLink,
    isPrivate: true,
    type: 'post',
    photo: null,
  };
}

/**
 * The draft's waveform stretched to the recorder's sampling rate, so that takes recorded after it line up in the
 * preview's waveform (each take's levels are drawn in proportion to its length). Null without a waveform.
 */
export function levelsFromWaveform(waveform: readonly number[], seconds: number): number[] | null {
  if (waveform.length === 0 || !(seconds > 0)) return null;
  const count = Math.max(1, Math.round(seconds * LEVELS_PER_SECOND));
  return Array.from({ length: count }, (_, index) => {
    const value = waveform[Math.min(waveform.length - 1, Math.floor((index * waveform.length) / count))] ?? 0;
    return Math.min(1, Math.max(0, value));
  });
}
