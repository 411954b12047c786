import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TranscriptWord } from '@shared/domain/transcript-timing';
import { SyncedTranscript } from './synced-transcript';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

afterEach(cleanup);

function renderTranscript(props: { times?: ReadonlyArray<readonly [number, number]>; currentTime?: number }) {
  const onWordClick = vi.fn<(word: TranscriptWord) => void>();
  render(
    <SyncedTranscript
      text="One two three"
      duration={90}
      currentTime={props.currentTime ?? 0}
      times={props.times ?? null}
      onWordClick={onWordClick}
    />,
  );
  return onWordClick;
}

describe('the synced transcript', () => {
  it('plays a word from where the recording says it, when its times were aligned', () => {
    const onWordClick = renderTranscript({
      times: [
        [1.2, 1.5],
        [4.25, 4.6],
        [8, 8.4],
      ],
      currentTime: 4.3,
    });
    expect(screen.getByRole('button', { name: 'two' }).getAttribute('aria-current')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'three' }));
    expect(onWordClick).toHaveBeenCalledWith(expect.objectContaining({ text: 'three', start: 8 }));
    expect(screen.getByText('Word times follow the recording.')).toBeTruthy();
  });

  it('says a transcript a speech recogniser wrote was transcribed automatically', () => {
    render(
      <SyncedTranscript
        text="One two"
        duration={10}
        currentTime={0}
        times={[
          [0, 1],
          [2, 3],
        ]}
        recognised
      />,
    );
    expect(screen.getByText('Transcribed automatically. Word times follow the recording.')).toBeTruthy();
  });

  it('says its times are estimated without aligned ones (spec §9)', () => {
    const onWordClick = renderTranscript({});
    fireEvent.click(screen.getByRole('button', { name: 'three' }));
    // 3 + 3 + 5 letters share 85.5 s; two gaps share 4.5 s.
    expect(onWordClick.mock.calls[0]![0].start).toBeCloseTo((6 / 11) * 85.5 + 4.5);
    expect(screen.getByText('Word times are estimated from the text.')).toBeTruthy();
  });
});
