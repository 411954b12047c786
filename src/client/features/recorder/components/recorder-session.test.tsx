import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { endpoints } from '@shared/contract/endpoints';
import { Toaster } from '@client/components/ui/toaster';
import { recordingBrowserInEachTest } from '@client/testing/fake-browser';
import { FakeXhr, lastUpload } from '@client/testing/fake-xhr';
import type { PublishDetails } from '../lib/upload-form';
import { RecorderSession } from './recorder-session';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const details: PublishDetails = {
  title: 'Morning walk',
  category: '',
  description: '',
  promotionTitle: '',
  promotionLink: '',
  isPrivate: false,
  type: 'post',
  photo: null,
};

recordingBrowserInEachTest();

describe('recorder session', () => {
  it('publishes with progress, keeps the recording when that fails, and publishes it on the second try', async () => {
    const onEnd = vi.fn();
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
        <RecorderSession
          mode="share"
          source={{ kind: 'file', file: new File(['voice'], 'walk.webm', { type: 'audio/webm' }) }}
          initialDetails={details}
          showTypeChoice={false}
          onEnd={onEnd}
        />
        <Toaster />
      </QueryClientProvider>,
    );

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    });
    expect(lastUpload().url).toBe(endpoints.createPost.path);
    expect((lastUpload().body as FormData).get('title')).toBe('Morning walk');
    expect(await screen.findByRole('button', { name: 'Publishing...' })).toHaveProperty('disabled', true);

    act(() => lastUpload().progress(300, 1000));
    const bar = screen.getByRole('progressbar', { name: 'Upload progress' });
    expect(bar.getAttribute('aria-valuetext')).toBe('30 percent uploaded');
    expect(screen.getByText(/· 30%/)).toBeTruthy();

    await act(async () => lastUpload().respond(500, { message: 'Storage is full' }));
    expect(await screen.findByText('Upload Failed')).toBeTruthy();
    expect(screen.getByText('Storage is full')).toBeTruthy();
    expect(screen.queryByRole('progressbar', { name: 'Upload progress' })).toBeNull();
    expect(onEnd).not.toHaveBeenCalled();

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    });
    expect(FakeXhr.sent).toHaveLength(2);
    await act(async () => lastUpload().respond(201, { id: 'p1' }));
    expect(await screen.findByText('Your voice post has been uploaded!')).toBeTruthy();
    expect(onEnd).toHaveBeenCalledWith('published');
  });
});
