import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@client/components/ui/toaster';
import { installRecordingBrowser, uninstallBrowserFakes } from '@client/testing/fake-browser';
import { RecorderPanel } from './recorder-panel';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function withQueries(ui: ReactElement) {
  return <QueryClientProvider client={new QueryClient()}>{ui}</QueryClientProvider>;
}

const recorder = () => screen.getByRole('region', { name: 'Recorder' });

beforeEach(() => {
  installRecordingBrowser();
});
afterEach(() => {
  cleanup();
  uninstallBrowserFakes();
});

describe('recorder panel', () => {
  it('goes from its prompt to a title, the type chooser and the countdown, and cancel comes back', async () => {
    render(withQueries(<RecorderPanel mode="share" allowTypeSelection />));

    fireEvent.click(within(recorder()).getByRole('button', { name: /Share your voice/ }));
    const title = screen.getByRole('textbox', { name: 'Title' });
    expect(document.activeElement).toBe(title);
    expect(screen.getByRole('button', { name: 'Start Recording' })).toHaveProperty('disabled', true);

    fireEvent.change(title, { target: { value: 'Morning walk' } });
    fireEvent.click(screen.getByRole('button', { name: 'Start Recording' }));
    expect(screen.getByRole('heading', { name: 'What are you making?' })).toBeTruthy();
    expect(screen.getByText('“Morning walk”')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: /Voice Post/ }));

    fireEvent.click(screen.getByRole('button', { name: 'Back to the title' }));
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveProperty('value', 'Morning walk');
    fireEvent.click(screen.getByRole('button', { name: 'Start Recording' }));

    fireEvent.click(screen.getByRole('button', { name: /Voice Post/ }));
    expect(await screen.findByText('“Morning walk”')).toBeTruthy();
    expect(screen.getByText(/Get ready to record/)).toBeTruthy();

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    });
    const again = screen.getByRole('textbox', { name: 'Title' });
    expect(again).toHaveProperty('value', 'Morning walk');
    expect(document.activeElement).toBe(again);
  });

  it('closes back to its prompt', () => {
    render(withQueries(<RecorderPanel mode="diary" />));
    fireEvent.click(screen.getByRole('button', { name: /Record voice draft/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Close recorder' }));
    const prompt = screen.getByRole('button', { name: /Record voice draft/ });
    expect(prompt.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(prompt);
  });

  it('takes a topic from Home as its title, and starts recording when Home asks', async () => {
    const view = render(withQueries(<RecorderPanel mode="share" allowTypeSelection />));

    view.rerender(
      withQueries(<RecorderPanel mode="share" allowTypeSelection initialTitle="Favourite songs" />),
    );
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveProperty('value', 'Favourite songs');

    view.rerender(
      withQueries(
        <RecorderPanel
          mode="share"
          allowTypeSelection
          initialTitle="Favourite songs"
          initialType="episode"
          startToken={42}
        />,
      ),
    );
    expect(await screen.findByText(/Get ready to record/)).toBeTruthy();
    expect(screen.getByText('“Favourite songs”')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Title' })).toBeNull();
  });

  it('opens an audio file shared from another app in the Upload flow, once', async () => {
    const opened = vi.fn();
    const file = new File([new Uint8Array(2048)], 'Harbour sounds.m4a', { type: 'audio/mp4' });
    render(
      withQueries(
        <RecorderPanel mode="share" allowTypeSelection sharedFile={file} onSharedFileOpened={opened} />,
      ),
    );
    expect(await within(recorder()).findByRole('heading', { name: 'Publish Voice Post' })).toBeTruthy();
    expect(screen.getByLabelText('Title', { exact: true })).toHaveProperty('value', 'Harbour sounds');
    expect(opened).toHaveBeenCalledTimes(1);
  });

  it('says so when the browser cannot record', () => {
    uninstallBrowserFakes();
    render(withQueries(<RecorderPanel mode="share" allowTypeSelection />));
    expect(within(recorder()).getByText('Audio recording is not supported in this browser')).toBeTruthy();
  });
});

/**
 * What the browser finds when it reads a picked file's header: a picture of this size (0 × 0 for sound only), or
 * nothing it can read.
 */
function browserReads(found: { width: number; height: number } | 'unreadable') {
  vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(function (this: HTMLMediaElement) {
    setTimeout(() => this.dispatchEvent(new Event(found === 'unreadable' ? 'error' : 'loadedmetadata')));
  });
  const size = found === 'unreadable' ? { width: 0, height: 0 } : found;
  vi.spyOn(HTMLVideoElement.prototype, 'videoWidth', 'get').mockReturnValue(size.width);
  vi.spyOn(HTMLVideoElement.prototype, 'videoHeight', 'get').mockReturnValue(size.height);
}

async function pickFile(file: File) {
  render(
    withQueries(
      <>
        <RecorderPanel mode="share" allowTypeSelection />
        <Toaster />
      </>,
    ),
  );
  fireEvent.click(within(recorder()).getByRole('button', { name: /Share your voice/ }));
  fireEvent.change(screen.getByRole('textbox', { name: 'Title' }), { target: { value: 'From a file' } });
  fireEvent.click(screen.getByRole('button', { name: 'Start Recording' }));
  const input = screen.getByLabelText('Audio file to upload');
  expect(input.getAttribute('accept')).toContain('.webm');
  await act(async () => {
    fireEvent.change(input, { target: { files: [file] } });
  });
}

describe('picking a file to upload (spec §5, issue 25)', () => {
  it('takes an audio-only WebM file that Chromium calls video/webm', async () => {
    browserReads({ width: 0, height: 0 });
    await pickFile(new File([new Uint8Array(2048)], 'clip9.webm', { type: 'video/webm' }));
    expect(await within(recorder()).findByRole('heading', { name: 'Publish Voice Post' })).toBeTruthy();
    expect(screen.getByLabelText('Title', { exact: true })).toHaveProperty('value', 'clip9');
  });

  it.each([
    ['a real video', new File([new Uint8Array(2048)], 'holiday.webm', { type: 'video/webm' })],
    ['a picture', new File([new Uint8Array(2048)], 'cat.png', { type: 'image/png' })],
  ])('refuses %s as "Invalid File Type"', async (_what, file) => {
    browserReads({ width: 640, height: 360 });
    await pickFile(file);
    expect(await screen.findByText('Invalid File Type')).toBeTruthy();
    expect(screen.getByText('Please select an audio file')).toBeTruthy();
    expect(within(recorder()).queryByRole('heading', { name: 'Publish Voice Post' })).toBeNull();
  });

  it('refuses a video-typed file the browser cannot read', async () => {
    browserReads('unreadable');
    await pickFile(new File([new Uint8Array(16)], 'broken.webm', { type: 'video/webm' }));
    expect(await screen.findByText('Invalid File Type')).toBeTruthy();
    expect(within(recorder()).queryByRole('heading', { name: 'Publish Voice Post' })).toBeNull();
  });
});
