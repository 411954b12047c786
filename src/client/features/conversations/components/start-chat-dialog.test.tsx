import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Conversation } from '@shared/contract/conversations';
import { routeUrl } from '@client/lib/api-client';
import { installLayout, uninstallBrowserFakes } from '@client/testing/fake-browser';
import { ada, ali, me, renderAndSearchStone, STONE_SEARCH_URL } from '../testing/people';
import { StartChatDialog } from './start-chat-dialog';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const conversation = { id: 'c1', type: 'direct', participants: [me, ada] } as unknown as Conversation;

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
let onStarted: ReturnType<typeof vi.fn<(conversation: Conversation) => void>>;

beforeEach(() => {
  installLayout();
  fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = String(input);
    // The search finds me too; I am never offered.
    if (url === STONE_SEARCH_URL) return Response.json([me, ada, ali]);
    if (url === routeUrl('createConversation') && init?.method === 'POST')
      return Response.json(conversation, { status: 201 });
    return new Response('not found', { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  onStarted = vi.fn();
});

afterEach(() => {
  cleanup();
  uninstallBrowserFakes();
});

const renderAndSearch = () =>
  renderAndSearchStone(
    <StartChatDialog myId="me" open onOpenChange={() => undefined} onStarted={onStarted} />,
  );

const startChat = () => screen.getByRole('button', { name: 'Start Chat' });

describe('Start Chat', () => {
  it('selects exactly one person: a second choice replaces the first, and Start Chat needs one', async () => {
    const found = await renderAndSearch();
    expect(found.getAllByRole('button').map((button) => button.textContent)).toEqual([
      expect.stringContaining('Ada Stone'),
      expect.stringContaining('Ali Stone'),
    ]);
    expect(startChat()).toHaveProperty('disabled', true);

    const adaButton = found.getByRole('button', { name: /Ada Stone/ });
    const aliButton = found.getByRole('button', { name: /Ali Stone/ });
    fireEvent.click(adaButton);
    expect(adaButton.getAttribute('aria-pressed')).toBe('true');
    expect(startChat()).toHaveProperty('disabled', false);

    fireEvent.click(aliButton);
    expect(aliButton.getAttribute('aria-pressed')).toBe('true');
    expect(adaButton.getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByText('With Ali Stone')).toBeTruthy();

    fireEvent.click(aliButton);
    expect(startChat()).toHaveProperty('disabled', true);
  });

  it('starts a direct conversation with the one chosen', async () => {
    const found = await renderAndSearch();
    fireEvent.click(found.getByRole('button', { name: /Ada Stone/ }));
    await act(async () => {
      fireEvent.click(startChat());
    });
    const [, init] = fetchMock.mock.calls.find(([, options]) => options?.method === 'POST') ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ type: 'direct', participantIds: ['u1'] });
    expect(onStarted).toHaveBeenCalledWith(conversation);
  });
});
