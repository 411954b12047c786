import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PublishRequest } from '@shared/contract/conversations';
import { routeUrl } from '@client/lib/api-client';
import { installLayout, uninstallBrowserFakes } from '@client/testing/fake-browser';
import { ada, ali, me } from '../testing/people';
import { PublishRequestPrompt } from './publish-request-prompt';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const request: PublishRequest = {
  kind: 'publish-request',
  id: 'r1',
  conversationId: 'c1',
  requester: ada,
  status: 'asking',
  title: 'Conversation with Mara and Ali Stone',
  messageCount: 3,
  duration: 83,
  answers: [
    { user: me, answer: 'pending', messageCount: 2 },
    { user: ali, answer: 'agreed', messageCount: 1 },
  ],
  postId: null,
  createdAt: '2026-11-28T10:00:00Z',
};
const answerUrl = routeUrl('answerPublishRequest', { params: { id: 'r1' } });
const postUrl = routeUrl('postPublishRequest', { params: { id: 'r1' } });

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;

beforeEach(() => {
  installLayout();
  fetchMock = vi.fn<typeof fetch>(async (input) => {
    const url = String(input);
    if (url === answerUrl) return Response.json({ ...request, answers: [] });
    return new Response('not found', { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  uninstallBrowserFakes();
});

function renderPrompt(myId: string, shown = request) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <PublishRequestPrompt request={shown} myId={myId} />
    </QueryClientProvider>,
  );
  return within(screen.getByRole('region', { name: 'Ada Stone asks to post this conversation' }));
}

const callsTo = (url: string) => fetchMock.mock.calls.filter(([called]) => String(called) === url);

describe('Publish request prompt', () => {
  it('tells a person asked who asks, what would be posted and how much is theirs', () => {
    const prompt = renderPrompt('me');
    const text = prompt.getByRole('heading').parentElement?.textContent ?? '';
    expect(text).toContain('“Conversation with Mara and Ali Stone”: 3 voice messages, 1 minute 23 seconds');
    expect(text).toContain('2 messages of yours would be in it');
    expect(prompt.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'You: not answered yet',
      'Ali Stone: agreed',
    ]);
  });

  it('sends the answer from keyboard-reachable, labelled buttons', async () => {
    const prompt = renderPrompt('me');
    const agree = prompt.getByRole('button', { name: 'Agree: post my voice in Ada Stone’s post' });
    const decline = prompt.getByRole('button', { name: 'Decline: keep my voice out of Ada Stone’s post' });
    expect(agree.tabIndex).toBe(0);
    expect(decline.tabIndex).toBe(0);
    await act(async () => {
      fireEvent.click(decline);
    });
    const [[, init]] = callsTo(answerUrl) as [[string, RequestInit]];
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ answer: 'decline' });
  });

  it('offers no answer to someone who already answered', () => {
    const prompt = renderPrompt('u2');
    expect(prompt.queryByRole('button', { name: /Agree/ })).toBeNull();
    expect(prompt.getAllByRole('listitem')[1]?.textContent).toBe('You: agreed');
  });

  it('lets the asker post it with those who agreed', async () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <PublishRequestPrompt request={request} myId="u1" />
      </QueryClientProvider>,
    );
    const prompt = within(screen.getByRole('region', { name: 'You asked to post this conversation' }));
    expect(prompt.queryByRole('button', { name: /Agree/ })).toBeNull();
    await act(async () => {
      fireEvent.click(prompt.getByRole('button', { name: 'Post with those who agreed' }));
    });
    expect(callsTo(postUrl)).toHaveLength(1);
  });
});
