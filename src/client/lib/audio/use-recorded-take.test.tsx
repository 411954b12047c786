import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { recordingBrowserInEachTest } from '@client/testing/fake-browser';
import type { UploadProgress } from '../upload-with-progress';
import { useRecordedTake, type RecordedTake } from './use-recorded-take';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** The caller's side of an upload: each send waits for the test to answer as the server would. */
function fakeServer() {
  const sends: {
    take: RecordedTake;
    onProgress: (progress: UploadProgress) => void;
    accept: (id: string) => void;
    refuse: (message: string) => void;
  }[] = [];
  const upload = (take: RecordedTake, onProgress: (progress: UploadProgress) => void) =>
    new Promise<{ id: string }>((resolve, reject) => {
      sends.push({
        take,
        onProgress,
        accept: (id) => resolve({ id }),
        refuse: (message) => reject(new Error(message)),
      });
    });
  return { sends, upload, last: () => sends.at(-1)! };
}

function renderTake() {
  const server = fakeServer();
  const onUploaded = vi.fn();
  const onUploadFailed = vi.fn();
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const view = renderHook(() => useRecordedTake({ upload: server.upload, onUploaded, onUploadFailed }), {
    wrapper,
  });
  return { server, onUploaded, onUploadFailed, takes: () => view.result.current };
}

async function record(takes: () => ReturnType<typeof useRecordedTake>) {
  await act(async () => {
    void takes().prepare();
  });
  expect(takes().phase).toBe('recording');
  await act(async () => {
    await takes().begin();
  });
  act(() => takes().addLevel(0.5));
  let take: RecordedTake | null = null;
  await act(async () => {
    take = await takes().stop();
  });
  return take!;
}

recordingBrowserInEachTest();

describe('a recorded take', () => {
  it('is recorded, previewed, and uploaded with the bytes sent so far', async () => {
    const { server, onUploaded, takes } = renderTake();
    expect(takes().phase).toBe('idle');

    const take = await record(takes);
    expect(take.levels).toEqual([0.5]);
    expect(takes().phase).toBe('recorded');
    expect(takes().take).toBe(take);

    await act(async () => takes().upload(take));
    expect(takes().phase).toBe('uploading');
    expect(takes().progress).toBeNull();
    expect(server.last().take).toBe(take);

    act(() => server.last().onProgress({ loaded: 300, total: 1000 }));
    expect(takes().progress).toEqual({ loaded: 300, total: 1000 });

    await act(async () => server.last().accept('p1'));
    expect(takes().phase).toBe('done');
    expect(takes().progress).toBeNull();
    expect(takes().take).toBe(take);
    expect(onUploaded).toHaveBeenCalledWith({ id: 'p1' }, take);
  });

  it('stays after a failed upload, and a second try sends it again', async () => {
    const { server, onUploaded, onUploadFailed, takes } = renderTake();
    const take = await record(takes);

    await act(async () => takes().upload(take));
    act(() => server.last().onProgress({ loaded: 500, total: 1000 }));
    await act(async () => server.last().refuse('Storage is full'));
    expect(takes().phase).toBe('failed');
    expect(takes().take).toBe(take);
    expect(takes().progress).toBeNull();
    expect(onUploadFailed).toHaveBeenCalledWith(new Error('Storage is full'));
    expect(onUploaded).not.toHaveBeenCalled();

    await act(async () => takes().upload(takes().take!));
    expect(takes().phase).toBe('uploading');
    expect(server.sends).toHaveLength(2);
    expect(server.last().take).toBe(take);
    await act(async () => server.last().accept('p1'));
    expect(takes().phase).toBe('done');
    expect(onUploaded).toHaveBeenCalledTimes(1);
  });

  it('is thrown away on discard, and a cancelled recording keeps the one before', async () => {
    const { server, takes } = renderTake();
    const first = await record(takes);

    await act(async () => {
      void takes().prepare();
    });
    act(() => takes().cancel());
    expect(takes().phase).toBe('recorded');
    expect(takes().take).toBe(first);

    await act(async () => takes().upload(first));
    await act(async () => server.last().refuse('Storage is full'));
    act(() => takes().discard());
    expect(takes().phase).toBe('idle');
    expect(takes().take).toBeNull();
  });

  it('takes the place of a failed one when recorded again', async () => {
    const { server, takes } = renderTake();
    const first = await record(takes);
    await act(async () => takes().upload(first));
    await act(async () => server.last().refuse('Storage is full'));

    const second = await record(takes);
    expect(second).not.toBe(first);
    expect(takes().phase).toBe('recorded');
    expect(takes().take).toBe(second);
  });
});
