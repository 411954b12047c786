import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { endpoints } from '@shared/contract/endpoints';
import { Toaster } from '@client/components/ui/toaster';
import { recordingBrowserInEachTest } from '@client/testing/fake-browser';
import { FakeXhr, lastUpload } from '@client/testing/fake-xhr';
import { CommentComposer } from './comment-composer';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function renderComposer() {
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
      <CommentComposer postId="p1" asVisitor={false} />
      <Toaster />
    </QueryClientProvider>,
  );
}

async function recordAReply() {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: /Record a voice reply/ }));
  });
  expect(screen.getByRole('timer')).toBeTruthy();
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Stop recording' }));
  });
}

recordingBrowserInEachTest();

describe('voice comment composer', () => {
  it('records a reply, lets it be heard, posts it with progress, and starts over', async () => {
    renderComposer();
    await recordAReply();

    expect(screen.getByRole('button', { name: 'Play your reply' })).toBeTruthy();
    const post = screen.getByRole('button', { name: 'Post' });
    expect(document.activeElement).toBe(post);

    await act(async () => {
      fireEvent.click(post);
    });
    expect(lastUpload().method).toBe(endpoints.createComment.method);
    expect(lastUpload().url).toBe(endpoints.createComment.path);
    expect(screen.getByRole('button', { name: 'Posting...' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Discard/ })).toHaveProperty('disabled', true);

    act(() => lastUpload().progress(400, 1000));
    const bar = screen.getByRole('progressbar', { name: 'Posting your reply' });
    expect(bar.getAttribute('aria-valuetext')).toBe('40% sent');

    await act(async () => lastUpload().respond(201, { id: 'c1', postId: 'p1' }));
    expect(await screen.findByText('Your voice comment has been posted!')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: /Record a voice reply/ }));
  });

  it('keeps the take when posting fails, says why, and posts it on retry', async () => {
    renderComposer();
    await recordAReply();

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Post' }));
    });
    await act(async () => lastUpload().respond(500, { message: 'Storage is full' }));

    expect(await screen.findByText('Comment Failed')).toBeTruthy();
    expect(screen.getByText('Storage is full')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Play your reply' })).toBeTruthy();

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Post' }));
    });
    expect(FakeXhr.sent).toHaveLength(2);
    await act(async () => lastUpload().respond(201, { id: 'c1', postId: 'p1' }));
    expect(await screen.findByText('Your voice comment has been posted!')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Play your reply' })).toBeNull();
  });

  it('throws a take away on Discard', async () => {
    renderComposer();
    await recordAReply();
    fireEvent.click(screen.getByRole('button', { name: /Discard/ }));
    expect(screen.queryByRole('button', { name: 'Post' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: /Record a voice reply/ }));
  });
});
