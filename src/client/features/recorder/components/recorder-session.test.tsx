import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import type { ComponentProps } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { buildPath, endpoints } from '@shared/contract/endpoints';
import { Toaster } from '@client/components/ui/toaster';
import { recordingBrowserInEachTest } from '@client/testing/fake-browser';
import { FakeXhr, lastUpload } from '@client/testing/fake-xhr';
import type { Post } from '@shared/contract/posts';
import type { EditorSlot } from '../lib/editor-slot';
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

/** A session on an uploaded file, its form filled with `details`. */
function renderFileSession(props: Pick<ComponentProps<typeof RecorderSession>, 'onEnd' | 'editor'>) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
      <RecorderSession
        mode="share"
        source={{ kind: 'file', file: new File(['voice'], 'walk.webm', { type: 'audio/webm' }) }}
        initialDetails={details}
        showTypeChoice={false}
        {...props}
      />
      <Toaster />
    </QueryClientProvider>,
  );
}

describe('recorder session', () => {
  it('publishes with progress, keeps the recording when that fails, and publishes it on the second try', async () => {
    const onEnd = vi.fn();
    renderFileSession({ onEnd });

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

  it('checks the promotion link at its field before anything is sent (issue 25)', async () => {
    renderFileSession({ onEnd: vi.fn(), editor: () => null });
    const link = screen.getByRole('textbox', { name: 'Promotion Link' });
    fireEvent.change(link, { target: { value: 'not a url' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    });
    expect(FakeXhr.sent).toHaveLength(0);
    expect(link.getAttribute('aria-invalid')).toBe('true');
    const described = document.getElementById(link.getAttribute('aria-describedby') ?? '');
    expect(described?.textContent).toBe('Enter a web address, like https://example.com/book.');
    expect(document.activeElement).toBe(link);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Open in editor' }));
    });
    expect(FakeXhr.sent).toHaveLength(0);

    fireEvent.change(link, { target: { value: 'example.com/book' } });
    expect(link.getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByText('Enter a web address, like https://example.com/book.')).toBeNull();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    });
    expect((lastUpload().body as FormData).get('affiliateLink')).toBe('https://example.com/book');
  });

  it('opens a take in the editor as a private draft once, and publishes that draft with its edited audio', async () => {
    const audioOf = (asset: string) => `/media/audio/${asset}/original.webm`;
    const draft = (asset: string, duration: number) =>
      ({
        id: 'd1',
        audioUrl: audioOf(asset),
        audioSources: [{ url: audioOf(asset), mimeType: 'audio/webm' }],
        duration,
        waveformData: [0.5, 1],
      }) as Post;
    const fetched: string[] = [];
    const draftUrl = buildPath(endpoints.getPost.path, { id: 'd1' });
    vi.stubGlobal('fetch', async (url: string) => {
      fetched.push(url);
      return url === draftUrl
        ? new Response(JSON.stringify(draft('a1', 6)), { headers: { 'content-type': 'application/json' } })
        : new Response(new Blob(['edited'], { type: 'audio/webm' }));
    });
    const Editor: EditorSlot = ({ draft: opened, onClose, onApplied }) => (
      <div role="dialog" aria-label={`Editing ${opened.id}: ${opened.title}`}>
        <button onClick={onClose}>Leave editor</button>
        <button onClick={() => onApplied(draft('a2', 4.2))}>Apply edit</button>
      </div>
    );
    const onEnd = vi.fn();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <RecorderSession
          mode="share"
          source={{ kind: 'file', file: new File(['voice'], 'walk.webm', { type: 'audio/webm' }) }}
          initialDetails={details}
          showTypeChoice={false}
          onEnd={onEnd}
          editor={Editor}
        />
        <Toaster />
      </QueryClientProvider>,
    );

    // Saved as a private draft with the form's fields, then the editor opens on it.
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Open in editor' }));
    });
    expect(lastUpload().method).toBe('POST');
    expect(lastUpload().url).toBe(endpoints.createDiaryEntry.path);
    expect((lastUpload().body as FormData).get('title')).toBe('Morning walk');
    expect((lastUpload().body as FormData).get('isPrivate')).toBe('true');
    await act(async () => lastUpload().respond(201, draft('a1', 6)));
    expect(await screen.findByRole('dialog', { name: 'Editing d1: Morning walk' })).toBeTruthy();

    // Cancel there: the draft's audio is as the form holds it; opening again saves nothing more.
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Leave editor' }));
    });
    expect(fetched).toEqual([draftUrl]);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Open in editor' }));
    });
    expect(FakeXhr.sent).toHaveLength(1);

    // Apply: the edited audio comes back to the form, with its length.
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Apply edit' }));
    });
    expect(fetched.at(-1)).toBe(audioOf('a2'));
    expect(await screen.findByText('Saved draft · 00:04')).toBeTruthy();
    expect(screen.getByText('Audio Edited Successfully!')).toBeTruthy();

    // Publish updates that draft: its fields alone, published.
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    });
    expect(lastUpload().method).toBe('PUT');
    expect(lastUpload().url).toBe(endpoints.editDraft.path);
    const body = lastUpload().body as FormData;
    expect(body.get('draftId')).toBe('d1');
    expect(body.get('isDiary')).toBe('false');
    expect(body.get('isPrivate')).toBe('false');
    expect(body.has('audio')).toBe(false);
    await act(async () => lastUpload().respond(200, { ...draft('a2', 4.2), isDraft: false }));
    expect(await screen.findByText('Your voice post has been uploaded!')).toBeTruthy();
    expect(onEnd).toHaveBeenCalledWith('published');
    vi.unstubAllGlobals();
  });

  it('says the draft is kept when the form is cancelled after the take went to the editor', async () => {
    const onEnd = vi.fn();
    const Editor: EditorSlot = ({ onClose }) => <button onClick={onClose}>Leave editor</button>;
    vi.stubGlobal(
      'fetch',
      async () => new Response(JSON.stringify({ id: 'd1', audioUrl: '/a', audioSources: [] })),
    );
    render(
      <QueryClientProvider client={new QueryClient()}>
        <RecorderSession
          mode="share"
          source={{ kind: 'file', file: new File(['voice'], 'walk.webm', { type: 'audio/webm' }) }}
          initialDetails={details}
          showTypeChoice={false}
          onEnd={onEnd}
          editor={Editor}
        />
        <Toaster />
      </QueryClientProvider>,
    );
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Open in editor' }));
    });
    await act(async () =>
      lastUpload().respond(201, {
        id: 'd1',
        audioUrl: '/a',
        audioSources: [],
        duration: 3,
        waveformData: [],
      }),
    );
    await act(async () => {
      fireEvent.click(await screen.findByRole('button', { name: 'Leave editor' }));
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    });
    expect(await screen.findByText('Saved to your drafts')).toBeTruthy();
    expect(onEnd).toHaveBeenCalledWith('cancelled');
    vi.unstubAllGlobals();
  });
});
