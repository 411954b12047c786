import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Comment } from '@shared/contract/social';
import { publicUserWith } from '@shared/domain/public-user';
import { Toaster } from '@client/components/ui/toaster';
import { TooltipProvider } from '@client/components/ui/tooltip';
import { AudioPlayer } from '@client/features/player/components/audio-player';
import { commentsQueryOptions } from '@client/features/social/api/comments';
import { CommentComposer } from '@client/features/social/components/comment-composer';
import { CommentItem } from '@client/features/social/components/comment-item';
import { commentAsPlayable } from '@client/features/social/lib/comments';
import { getQueryFn } from '@client/lib/query-client';
import { recordingBrowserInEachTest } from '@client/testing/fake-browser';
import { lastUpload } from '@client/testing/fake-xhr';
import { PostPlayer } from './post-player';
import { playablePost } from '@client/testing/playable-post';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const maya = publicUserWith({
  id: 'u-maya',
  firstName: 'Maya',
  lastName: 'Okafor',
  username: 'maya',
  createdAt: '2026-01-01T00:00:00.000Z',
});

const post = playablePost({ user: maya });

const reply = (id: string, at: number | null, overrides: Partial<Comment> = {}): Comment => ({
  id,
  postId: post.id,
  audioUrl: `/media/${id}.webm`,
  audioSources: [{ url: `/media/${id}.webm`, mimeType: 'audio/webm' }],
  duration: 4,
  waveformData: [0.3, 0.6],
  speech: null,
  transcription: null,
  at,
  visitorName: null,
  visitorEmail: null,
  user: maya,
  createdAt: '2026-01-02T00:00:00.000Z',
  ...overrides,
});

const anchored = reply('c-anchored', 73);
const plain = reply('c-plain', null, { user: null, visitorName: 'Val' });

let played: HTMLMediaElement[];

/** The post's player, with the replies its thread has loaded (or none loaded), the thread's items and composer. */
async function renderPost(loaded: Comment[] | null) {
  // With the app's query function, as every query of the app has one; the player only reads the cache.
  const client = new QueryClient({
    defaultOptions: { queries: { queryFn: getQueryFn({ on401: 'throw' }) }, mutations: { retry: false } },
  });
  if (loaded) client.setQueryData(commentsQueryOptions(post.id).queryKey, loaded);
  render(
    <QueryClientProvider client={client}>
      <TooltipProvider>
        <PostPlayer post={post} variant="full" transcriptOpen />
        <CommentComposer postId={post.id} asVisitor={false} />
        <ul aria-label="Voice replies">
          {(loaded ?? []).map((comment) => (
            <CommentItem
              key={comment.id}
              comment={comment}
              player={<AudioPlayer post={commentAsPlayable(comment)} variant="compact" />}
              canDelete={false}
              onDelete={() => undefined}
            />
          ))}
        </ul>
        <Toaster />
      </TooltipProvider>
    </QueryClientProvider>,
  );
  await screen.findByRole('group', { name: 'Transcript' });
}

const postAudio = () =>
  document.querySelector<HTMLAudioElement>('[aria-label="Player: Morning walk"] audio')!;

function metadataLoads(audio: HTMLAudioElement) {
  Object.defineProperty(audio, 'readyState', { configurable: true, value: HTMLMediaElement.HAVE_METADATA });
  act(() => {
    audio.dispatchEvent(new Event('loadedmetadata'));
  });
}

recordingBrowserInEachTest();
beforeEach(() => {
  played = [];
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    played.push(this);
    return Promise.resolve();
  });
  vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => undefined);
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
  vi.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockReturnValue('maybe');
  localStorage.clear();
});

describe('voice replies at a moment', () => {
  it('marks each anchored reply on the waveform, named for screen readers; a mark plays its reply', async () => {
    await renderPost([anchored, plain]);
    const marks = screen.getAllByRole('button', { name: /^Reply by/ });
    expect(marks.map((mark) => mark.getAttribute('aria-label'))).toEqual(['Reply by Maya Okafor at 1:13']);
    expect(marks[0]!.tabIndex).toBe(0);

    await act(async () => {
      fireEvent.click(marks[0]!);
    });
    const thread = screen.getByRole('list', { name: 'Voice replies' });
    const replyAudio = within(thread).getAllByRole('listitem')[0]!.querySelector('audio');
    await waitFor(() => expect(played).toEqual([replyAudio]));
  });

  it('says "at 1:13" on an anchored reply, which plays the post from there', async () => {
    await renderPost([anchored, plain]);
    metadataLoads(postAudio());
    expect(screen.getAllByRole('button', { name: /^at \d/ }).map((button) => button.textContent)).toEqual([
      'at 1:13',
    ]);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'at 1:13' }));
    });
    expect(postAudio().currentTime).toBe(73);
    expect(played).toEqual([postAudio()]);
  });

  it('offers a reply at the moment the post is paused at, and sends that moment with it', async () => {
    await renderPost([]);
    expect(screen.queryByRole('button', { name: /^Reply at/ })).toBeNull();
    metadataLoads(postAudio());
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'three' }));
    });
    const offer = screen.getByRole('button', { name: 'Reply at 0:51' });

    await act(async () => {
      fireEvent.click(offer);
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Stop recording' }));
    });
    expect(screen.getByText(/^Voice reply at 0:51 ·/)).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Post' }));
    });
    const sent = lastUpload().body as FormData;
    expect(Number(sent.get('at'))).toBeCloseTo(51.1, 0);
    expect(sent.get('postId')).toBe(post.id);
  });

  it('replies from a word of the transcript: "Reply here" stops the post there and offers the reply', async () => {
    await renderPost([]);
    metadataLoads(postAudio());
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'three' }));
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Reply here, at “three”' }));
    });
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Reply at 0:51'));
  });

  it('offers no marks nor moments while the thread’s replies are not loaded', async () => {
    await renderPost(null);
    metadataLoads(postAudio());
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'three' }));
    });
    expect(screen.queryByRole('button', { name: /^Reply (by|at|here)/ })).toBeNull();
  });
});
