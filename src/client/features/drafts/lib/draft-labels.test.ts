import { describe, expect, it } from 'vitest';
import type { Post } from '@shared/contract/posts';
import { draftCreatedLabel, draftTitle, editDraftFrom, ownDraftTitle } from './draft-labels';

const draft = {
  id: 'd1',
  title: 'Tuesday evening',
  category: 'Personal',
  duration: 65.4,
  transcription: null,
  affiliateLink: null,
  affiliateLinkTitle: null,
  waveformData: [0.5, 1],
  audioUrl: '/media/audio/a1/speech.m4a',
  audioSources: [
    { url: '/media/audio/a1/speech.m4a', mimeType: 'audio/mp4' },
    { url: '/media/audio/a1/original.webm', mimeType: 'audio/webm' },
  ],
  createdAt: '2026-03-04T21:15:00.000Z',
} as unknown as Post;

describe('draft labels (spec §2 Drafts)', () => {
  it('shows the title, or "Untitled Draft" for none (the server stores "Untitled Voice Post" then)', () => {
    expect(draftTitle(draft)).toBe('Tuesday evening');
    expect(draftTitle({ title: '  ' })).toBe('Untitled Draft');
    expect(draftTitle({ title: 'Untitled Voice Post' })).toBe('Untitled Draft');
    expect(ownDraftTitle({ title: 'Untitled Voice Post' })).toBe('');
  });

  it('dates a draft, and leaves a bad date out', () => {
    expect(draftCreatedLabel(draft.createdAt)).toMatch(/^Mar [45], 2026, \d{1,2}:\d\d [AP]M$/);
    expect(draftCreatedLabel('not a date')).toBe('');
  });

  it('hands the recorder the draft with its audio (spec §3), blanks for what it lacks', () => {
    const audio = new Blob(['a'], { type: 'audio/mp4' });
    expect(editDraftFrom({ ...draft, title: 'Untitled Voice Post' }, audio)).toEqual({
      id: 'd1',
      audioBlob: audio,
      audioUrl: '/media/audio/a1/original.webm',
      duration: 65.4,
      title: '',
      transcription: '',
      category: 'Personal',
      affiliateLink: '',
      affiliateLinkTitle: '',
      waveform: [0.5, 1],
    });
  });
});
