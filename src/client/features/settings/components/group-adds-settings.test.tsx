import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@client/components/ui/toaster';
import { routeUrl } from '@client/lib/api-client';
import { currentUserQueryKey } from '@client/lib/session';
import { GroupAddsSettings } from './group-adds-settings';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let requests: unknown[];
let answer: (body: { groupAdds: string }) => Response | Promise<Response>;

beforeEach(() => {
  requests = [];
  answer = (body) => Response.json({ id: 'u1', groupAdds: body.groupAdds });
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
      expect(String(input)).toBe(routeUrl('updateSettings'));
      expect(init?.method).toBe('PUT');
      const body = JSON.parse(String(init?.body)) as { groupAdds: string };
      requests.push(body);
      return answer(body);
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function renderSection() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  client.setQueryData([...currentUserQueryKey], { id: 'u1', groupAdds: 'everyone' });
  render(
    <QueryClientProvider client={client}>
      <GroupAddsSettings />
      <Toaster />
    </QueryClientProvider>,
  );
  const group = screen.getByRole('group', { name: 'Who can add me to groups' });
  return { client, group };
}

describe('who can add me to groups', () => {
  it('shows my saved choice among three named radios, and saves another at once', async () => {
    const { client, group } = renderSection();
    const radios = within(group).getAllByRole('radio');
    expect(radios.map((radio) => radio.getAttribute('value'))).toEqual(['everyone', 'following', 'nobody']);
    expect(within(group).getByRole('radio', { name: 'Everyone' })).toHaveProperty('checked', true);
    const following = within(group).getByRole('radio', { name: 'People I follow' });
    expect(following.getAttribute('aria-describedby')).toBeTruthy();

    act(() => fireEvent.click(following));
    // Checked from the click on, never flicking back while it is saved.
    expect(following).toHaveProperty('checked', true);
    expect(await screen.findByText('Saved.')).toBeTruthy();
    expect(requests).toEqual([{ groupAdds: 'following' }]);
    expect(following).toHaveProperty('checked', true);
    expect(client.getQueryData(currentUserQueryKey)).toMatchObject({ groupAdds: 'following' });
  });

  it('saves choices made in a row one after another, so the last one made is the one kept', async () => {
    let answerFirst = () => {};
    answer = (body) => {
      const saved = Response.json({ id: 'u1', groupAdds: body.groupAdds });
      if (requests.length > 1) return saved;
      return new Promise((resolve) => (answerFirst = () => resolve(saved)));
    };
    const { client, group } = renderSection();
    const nobody = within(group).getByRole('radio', { name: 'Nobody' });
    act(() => fireEvent.click(within(group).getByRole('radio', { name: 'People I follow' })));
    act(() => fireEvent.click(nobody));
    await act(async () => {});
    expect(requests).toEqual([{ groupAdds: 'following' }]);
    expect(nobody).toHaveProperty('checked', true);

    await act(async () => answerFirst());
    expect(await screen.findByText('Saved.')).toBeTruthy();
    expect(requests).toEqual([{ groupAdds: 'following' }, { groupAdds: 'nobody' }]);
    expect(nobody).toHaveProperty('checked', true);
    expect(client.getQueryData(currentUserQueryKey)).toMatchObject({ groupAdds: 'nobody' });
  });

  it('puts the saved choice back and says why when saving fails', async () => {
    answer = () => Response.json({ message: 'Your session has ended. Sign in again.' }, { status: 401 });
    const { client, group } = renderSection();
    await act(async () => fireEvent.click(within(group).getByRole('radio', { name: 'Nobody' })));
    expect(within(group).getByRole('radio', { name: 'Everyone' })).toHaveProperty('checked', true);
    expect(client.getQueryData(currentUserQueryKey)).toMatchObject({ groupAdds: 'everyone' });
    expect(await screen.findByText('Not saved')).toBeTruthy();
  });
});
