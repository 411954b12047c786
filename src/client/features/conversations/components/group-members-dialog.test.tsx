import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Conversation } from '@shared/contract/conversations';
import { routeUrl } from '@client/lib/api-client';
import { installLayout, uninstallBrowserFakes } from '@client/testing/fake-browser';
import { ada, ali, me, renderAndSearchStone, STONE_SEARCH_URL } from '../testing/people';
import { GroupMembersDialog } from './group-members-dialog';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const group = {
  id: 'g1',
  type: 'group',
  name: 'Stone club',
  participants: [me, ada],
} as unknown as Conversation;
const membersUrl = routeUrl('addConversationMembers', { params: { id: 'g1' } });

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;

beforeEach(() => {
  installLayout();
  fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = String(input);
    if (url === STONE_SEARCH_URL) return Response.json([me, ada, ali]);
    if (url === membersUrl && init?.method === 'POST')
      return Response.json({ ...group, participants: [me, ada, ali] });
    return new Response('not found', { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  uninstallBrowserFakes();
});

const renderAndSearch = () =>
  renderAndSearchStone(
    <GroupMembersDialog conversation={group} myId="me" open onOpenChange={() => undefined} />,
  );

const addButton = () => screen.getByRole('button', { name: 'Add to group' });

describe('Group members', () => {
  it('lists the members, me marked, and does not offer them again', async () => {
    const found = await renderAndSearch();
    const members = within(screen.getByRole('list', { name: 'Members' }));
    expect(members.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      expect.stringContaining('Mara (you)'),
      expect.stringContaining('Ada Stone'),
    ]);
    const adaButton = found.getByRole('button', { name: /Ada Stone/ });
    expect(adaButton).toHaveProperty('disabled', true);
    expect(adaButton.textContent).toContain('Already in the group');
    expect(addButton()).toHaveProperty('disabled', true);
  });

  it('adds the people chosen and clears the choice', async () => {
    const found = await renderAndSearch();
    fireEvent.click(found.getByRole('button', { name: /Ali Stone/ }));
    expect(screen.getByText('Ali will join')).toBeTruthy();
    await act(async () => {
      fireEvent.click(addButton());
    });
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url) === membersUrl) ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ userIds: ['u2'] });
    expect(screen.getByText('Choose the people to add')).toBeTruthy();
  });
});
