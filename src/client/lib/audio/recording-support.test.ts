import { describe, expect, it } from 'vitest';
import { mergeSampleRate } from './merge-segments';
import { extensionForMimeType, pickRecordingMimeType, recordingFileName } from './recording-support';
import { levelFromSamples } from './use-input-level';

describe('pickRecordingMimeType (spec §9 audio formats)', () => {
  it('prefers WebM with Opus, then WebM, then MP4 for Safari, else the browser default', () => {
    expect(pickRecordingMimeType(() => true)).toBe('audio/webm;codecs=opus');
    expect(pickRecordingMimeType((type) => type === 'audio/webm')).toBe('audio/webm');
    expect(pickRecordingMimeType((type) => type === 'audio/mp4')).toBe('audio/mp4');
    expect(pickRecordingMimeType(() => false)).toBeUndefined();
    expect(
      pickRecordingMimeType(() => {
        throw new Error('no');
      }),
    ).toBeUndefined();
  });

  it('names the file after what was recorded', () => {
    expect(recordingFileName('recording', 'audio/webm;codecs=opus')).toBe('recording.webm');
    expect(recordingFileName('recording', 'audio/mp4')).toBe('recording.m4a');
    expect(recordingFileName('recording', 'audio/wav')).toBe('recording.wav');
    expect(extensionForMimeType('audio/ogg; codecs=opus')).toBe('ogg');
    expect(extensionForMimeType('')).toBe('webm');
  });
});

describe('mergeSampleRate', () => {
  it('keeps 48 kHz while the merged WAV fits the upload limit, and lowers it (not below 16 kHz) beyond', () => {
    expect(mergeSampleRate(60)).toBe(48_000);
    expect(mergeSampleRate(0)).toBe(48_000);
    const halfHour = mergeSampleRate(30 * 60);
    expect(halfHour).toBeLessThan(48_000);
    expect(halfHour * 2 * 30 * 60).toBeLessThan(100 * 1024 * 1024);
    expect(mergeSampleRate(10 * 3600)).toBe(16_000);
  });
});

describe('levelFromSamples', () => {
  it('maps silence to 0, full scale to 1 and speech-like levels in between', () => {
    expect(levelFromSamples(new Float32Array(64))).toBe(0);
    expect(levelFromSamples(new Float32Array(64).fill(1))).toBe(1);
    const quiet = levelFromSamples(new Float32Array(64).fill(0.01)); // -40 dBFS
    expect(quiet).toBeCloseTo(1 / 3, 2);
  });
});
