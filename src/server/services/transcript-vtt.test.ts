import { describe, expect, it } from 'vitest';
import { timedWords } from '@shared/domain/transcript-timing';
import { transcriptVtt as vttOf } from './transcript-vtt';

/** The VTT of the spec §9 estimate. */
const transcriptVtt = (text: string | null, duration: number) => vttOf(timedWords(text, duration, null));

describe('transcriptVtt', () => {
  it('captions sentences with the player’s word timing (spec §9)', () => {
    // 4 words of 5 letters over 20 s: 19 s spoken (4.75 s each), 1 s of gaps (1/3 s each).
    expect(transcriptVtt('Hello there. Quiet waves', 20)).toBe(
      [
        'WEBVTT',
        '00:00:00.000 --> 00:00:09.833\nHello there.',
        '00:00:10.167 --> 00:00:20.000\nQuiet waves',
      ].join('\n\n') + '\n',
    );
  });

  it('splits long sentences into short captions and keeps markup out', () => {
    const text = Array.from({ length: 12 }, (_, index) => `w${index}`).join(' ') + ' a<b & c-->d';
    const cues = transcriptVtt(text, 3700).split('\n\n').slice(1);
    expect(cues).toHaveLength(2);
    expect(cues[0]!.split('\n')[1]!.split(' ')).toHaveLength(10);
    expect(cues[1]).toMatch(/^00:\d\d:\d\d\.\d{3} --> 01:01:40\.000\nw10 w11 a&lt;b &amp; c--&gt;d\n$/);
  });

  it('gives every caption time: punctuation alone joins a spoken caption, and a tiny recording still moves on', () => {
    const cueTimes = (vtt: string) =>
      vtt
        .split('\n\n')
        .slice(1)
        .map((cue) => cue.split('\n')[0]!.split(' --> '));
    for (const text of ['Hello there. ... Quiet waves. —', '... Hello. ! ?', 'One. Two. Three.']) {
      for (const duration of [20, 0.002]) {
        for (const [start, end] of cueTimes(transcriptVtt(text, duration))) expect(end! > start!).toBe(true);
      }
    }
    expect(transcriptVtt('Hello there. ... Quiet waves. —', 20)).toContain('\nHello there. ...\n');
    expect(transcriptVtt('... Hello. ! ?', 20)).toBe(
      'WEBVTT\n\n00:00:00.000 --> 00:00:20.000\n... Hello. ! ?\n',
    );
  });

  it('uses aligned times where the recording was aligned, and says so', () => {
    const times = [
      [0.5, 0.9],
      [1.4, 2],
      [3.1, 3.5],
      [3.6, 4.2],
    ] as const;
    expect(vttOf(timedWords('Hello there. Quiet waves', 20, times))).toBe(
      [
        'WEBVTT',
        'NOTE Word times aligned to the recording.',
        '00:00:00.500 --> 00:00:02.000\nHello there.',
        '00:00:03.100 --> 00:00:04.200\nQuiet waves',
      ].join('\n\n') + '\n',
    );
  });

  it('is a header alone without text', () => {
    expect(transcriptVtt(null, 10)).toBe('WEBVTT\n');
    expect(transcriptVtt('   ', 10)).toBe('WEBVTT\n');
  });
});
