import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installLayout, uninstallBrowserFakes } from '@client/testing/fake-browser';
import { AudioPreview } from './audio-preview';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** jsdom has no media stack: the test plays the browser's part, moving the element's time and running frames. */
let frames: FrameRequestCallback[] = [];
beforeEach(() => {
  installLayout();
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:take');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(async function (this: HTMLMediaElement) {
    this.dispatchEvent(new Event('play'));
  });
  frames = [];
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
  vi.stubGlobal('cancelAnimationFrame', () => undefined);
});
afterEach(() => {
  cleanup();
  uninstallBrowserFakes();
});

const wholeSeconds = (seconds: number) => `${Math.floor(seconds)} s`;

function renderPreview(lightAtBarCentre = false) {
  const { container } = render(
    <AudioPreview
      blob={new Blob(['take'])}
      seconds={4}
      levels={[0.2, 0.4, 0.6, 0.8, 1, 0.8, 0.6, 0.4]}
      barCount={8}
      labels={{ play: 'Play take', pause: 'Pause take', seek: 'Seek take' }}
      formatTime={wholeSeconds}
      seekStepSeconds={1}
      lightAtBarCentre={lightAtBarCentre}
    />,
  );
  const bars = () => [...container.querySelectorAll('[role="slider"] > span')];
  return { lit: () => bars().filter((bar) => bar.classList.contains('bg-primary')).length };
}

/** The audio reaches `seconds` and the next frame is drawn. */
function playTo(seconds: number) {
  const audio = document.querySelector('audio')!;
  Object.defineProperty(audio, 'currentTime', { configurable: true, writable: true, value: seconds });
  const pending = frames;
  frames = [];
  act(() => {
    for (const frame of pending) frame(performance.now());
  });
}

describe('AudioPreview while playing', () => {
  it('lights the bars playback has reached and reads out the time', async () => {
    const { lit } = renderPreview();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Play take' }));
    });
    expect(screen.getByRole('button', { name: 'Pause take' })).toBeTruthy();

    playTo(0.2);
    expect(lit()).toBe(1);
    expect(screen.getByText('0 s / 4 s')).toBeTruthy();

    playTo(0.45);
    expect(lit()).toBe(1);
    playTo(1.1);
    expect(lit()).toBe(3);
    expect(screen.getByText('1 s / 4 s')).toBeTruthy();
    expect(screen.getByRole('slider', { name: 'Seek take' }).getAttribute('aria-valuenow')).toBe('1');

    playTo(1.5);
    expect(screen.getByRole('slider', { name: 'Seek take' }).getAttribute('aria-valuenow')).toBe('2');
    playTo(4);
    expect(lit()).toBe(8);
  });

  it('lights a bar at its centre when asked to', async () => {
    const { lit } = renderPreview(true);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Play take' }));
    });
    playTo(0.2);
    expect(lit()).toBe(0);
    playTo(0.25);
    expect(lit()).toBe(1);
    playTo(0.74);
    expect(lit()).toBe(1);
    playTo(0.75);
    expect(lit()).toBe(2);
  });
});
