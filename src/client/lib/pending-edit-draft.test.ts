import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  consumePendingEditDraft,
  getPendingEditDraft,
  setPendingEditDraft,
  subscribePendingEditDraft,
  type EditDraft,
} from './pending-edit-draft';

const draft = (id: string): EditDraft => ({
  id,
  audioBlob: new Blob(['x'], { type: 'audio/mp4' }),
  duration: 4,
  title: 'Tuesday',
  transcription: '',
  category: 'Personal',
  affiliateLink: '',
  affiliateLinkTitle: '',
  waveform: [],
});

afterEach(() => {
  const left = getPendingEditDraft();
  if (left) consumePendingEditDraft(left);
});

describe('the pending edit-draft store (spec §2 Home, §3 draft handed to the recorder)', () => {
  it('holds one draft until the recorder consumes it, telling subscribers each time', () => {
    const listener = vi.fn();
    const unsubscribe = subscribePendingEditDraft(listener);
    const first = draft('a');
    expect(getPendingEditDraft()).toBeNull();

    setPendingEditDraft(first);
    expect(getPendingEditDraft()).toBe(first);
    expect(listener).toHaveBeenCalledTimes(1);

    consumePendingEditDraft(first);
    expect(getPendingEditDraft()).toBeNull();
    expect(listener).toHaveBeenCalledTimes(2);

    unsubscribe();
    setPendingEditDraft(draft('b'));
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('keeps a newer draft when an older one is consumed', () => {
    const older = draft('a');
    const newer = draft('b');
    setPendingEditDraft(older);
    setPendingEditDraft(newer);
    consumePendingEditDraft(older);
    expect(getPendingEditDraft()).toBe(newer);
  });
});
