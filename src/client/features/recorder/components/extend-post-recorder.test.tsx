import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildPath, endpoints } from '@shared/contract/endpoints';
import type { Post } from '@shared/contract/posts';
import { Toaster } from '@client/components/ui/toaster';
import { recordingBrowserInEachTest } from '@client/testing/fake-browser';
import { FakeXhr, lastUpload } from '@client/testing/fake-xhr';
import { ExtendPostRecorder } from './extend-post-recorder';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const post = { id: 'p1', title: 'Morning walk', duration: 60 } as Post;

function renderRecorder() {
  const onBusyChange = vi.fn();
  const onDone = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
      <ExtendPostRecorder post={post} onBusyChange={onBusyChange} onDone={onDone} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { onBusyChange, onDone };
}

async function recordMore() {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Start recording' }));
  });
  await act(async () => {
    vi.advanceTimersByTime(3000);
  });
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Stop recording' }));
  });
}

recordingBrowserInEachTest();
// The 3-2-1 before recording.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('extend post recorder', () => {
  it('adds a take to the post with progress, keeps it when that fails, and adds it on the second try', async () => {
    const { onBusyChange, onDone } = renderRecorder();
    await recordMore();
    expect(screen.getByRole('button', { name: 'Play preview' })).toBeTruthy();

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Add to post' }));
    });
    expect(lastUpload().url).toBe(buildPath(endpoints.extendPost.path, { id: 'p1' }));
    expect(screen.getByRole('button', { name: 'Adding...' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: /Record again/ })).toHaveProperty('disabled', true);
    expect(onBusyChange).toHaveBeenLastCalledWith(true);

    act(() => lastUpload().progress(300, 1000));
    expect(screen.getByText('Uploading…')).toBeTruthy();
    const bar = screen.getByRole('progressbar', { name: 'Upload progress' });
    expect(bar.getAttribute('aria-valuetext')).toBe('30 percent uploaded');

    await act(async () => lastUpload().respond(500, { message: 'Storage is full' }));
    expect(await screen.findByText('Failed to extend recording. Please try again.')).toBeTruthy();
    expect(screen.getByText('Storage is full')).toBeTruthy();
    expect(screen.queryByRole('progressbar', { name: 'Upload progress' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Play preview' })).toBeTruthy();
    expect(onBusyChange).toHaveBeenLastCalledWith(false);
    expect(onDone).not.toHaveBeenCalled();

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Add to post' }));
    });
    expect(FakeXhr.sent).toHaveLength(2);
    await act(async () => lastUpload().respond(200, { ...post, duration: 75 }));
    expect(await screen.findByText('Recording extended')).toBeTruthy();
    expect(screen.getByText('“Morning walk” is now 01:15 long.')).toBeTruthy();
    expect(onDone).toHaveBeenCalledTimes(1);
  });
});
