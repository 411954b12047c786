import { describe, expect, it } from 'vitest';
import { AUDIO_DURATION_LIMITS, durationInWords, tooLongMessage } from './audio-limits';

describe('audio duration limits', () => {
  it('puts a duration in words', () => {
    expect(durationInWords(4 * 3600)).toBe('4 hours');
    expect(durationInWords(5400)).toBe('1 hour 30 minutes');
    expect(durationInWords(61)).toBe('1 minute 1 second');
    expect(durationInWords(0)).toBe('0 seconds');
  });

  it('refuses each kind with its limit in words', () => {
    expect(tooLongMessage(AUDIO_DURATION_LIMITS.post)).toBe(
      'Posts, pods and diary entries can be at most 4 hours long.',
    );
    expect(tooLongMessage(AUDIO_DURATION_LIMITS.comment)).toBe(
      'Voice comments can be at most 5 minutes long.',
    );
    expect(tooLongMessage(AUDIO_DURATION_LIMITS.voiceBio)).toBe('Voice bios can be at most 30 seconds long.');
    expect(tooLongMessage(AUDIO_DURATION_LIMITS.conversationMessage)).toBe(
      'Voice messages can be at most 15 minutes long.',
    );
  });
});
