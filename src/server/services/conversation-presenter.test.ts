import { describe, expect, it } from 'vitest';
import { messageWaveform } from './conversation-presenter';

describe('a voice message’s waveform', () => {
  it('has the spec’s 20 bars, each the loudest of its run of the analysis’ 100', () => {
    const bars = Array.from({ length: 100 }, (_, index) => (index % 5 === 2 ? 1 - index / 200 : 0.1));
    const waveform = messageWaveform(bars);
    expect(waveform).toHaveLength(20);
    expect(waveform[0]).toBeCloseTo(0.99);
    expect(waveform[19]).toBeCloseTo(1 - 97 / 200);
  });

  it('is empty for audio with no bars, and stretches fewer bars than 20', () => {
    expect(messageWaveform([])).toEqual([]);
    expect(messageWaveform([0.2, 0.8])).toEqual([...Array(10).fill(0.2), ...Array(10).fill(0.8)]);
  });
});
