import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { buildPath, endpoints } from '@shared/contract/endpoints';
import { Toaster } from '@client/components/ui/toaster';
import { recordingBrowserInEachTest } from '@client/testing/fake-browser';
import { FakeXhr, lastUpload } from '@client/testing/fake-xhr';
import { RecorderBar } from './recorder-bar';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function renderBar() {
  const { container } = render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
      <RecorderBar conversationId="c1" />
      <Toaster />
    </QueryClientProvider>,
  );
  return () => container.querySelector('[data-phase]')?.getAttribute('data-phase');
}

async function recordAndStop() {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: /Record a voice message/ }));
  });
  expect(screen.getByRole('timer')).toBeTruthy();
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Stop recording' }));
  });
}

recordingBrowserInEachTest();

describe('conversation recorder bar', () => {
  it('goes idle → recording → recorded preview, and Cancel returns to idle without sending', async () => {
    const phase = renderBar();
    expect(phase()).toBe('idle');

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /Record a voice message/ }));
    });
    expect(phase()).toBe('recording');

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Stop recording' }));
    });
    expect(phase()).toBe('recorded');
    expect(screen.getByRole('button', { name: 'Play your voice message' })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Send' }));

    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(phase()).toBe('idle');
    expect(FakeXhr.sent).toHaveLength(0);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: /Record a voice message/ }));
  });

  it('Cancel while recording throws the take away', async () => {
    const phase = renderBar();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /Record a voice message/ }));
    });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(phase()).toBe('idle');
    expect(screen.queryByRole('button', { name: 'Play your voice message' })).toBeNull();
  });

  it('Send uploads the take to the conversation, then returns to idle', async () => {
    const phase = renderBar();
    await recordAndStop();

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    });
    expect(phase()).toBe('sending');
    expect(lastUpload().method).toBe(endpoints.sendConversationRecording.method);
    expect(lastUpload().url).toBe(buildPath(endpoints.sendConversationRecording.path, { id: 'c1' }));
    const form = lastUpload().body as FormData;
    expect((form.get('audio') as File).name).toBe('recording.webm');

    await act(async () => lastUpload().respond(201, { id: 'm1', conversationId: 'c1' }));
    expect(phase()).toBe('idle');
  });

  it('keeps the take when sending fails, and says so', async () => {
    const phase = renderBar();
    await recordAndStop();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    });
    await act(async () => lastUpload().respond(500, { message: 'Storage is full' }));
    expect(await screen.findByText('Failed to submit recording')).toBeTruthy();
    expect(phase()).toBe('recorded');
  });

  it('says "Not Supported" where the browser cannot record', async () => {
    vi.stubGlobal('MediaRecorder', undefined);
    const phase = renderBar();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /Record a voice message/ }));
    });
    expect(await screen.findByText('Not Supported')).toBeTruthy();
    expect(screen.getByText('Audio recording is not supported in your browser.')).toBeTruthy();
    expect(phase()).toBe('idle');
  });
});
