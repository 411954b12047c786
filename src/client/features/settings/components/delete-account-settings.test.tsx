import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@client/components/ui/toaster';
import { routeUrl } from '@client/lib/api-client';
import { currentUserQueryKey } from '@client/lib/session';
import { DeleteAccountSettings } from './delete-account-settings';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const WRONG =
  'That is not your password, so your account was not deleted. Type the password you sign in with.';
let requests: unknown[];

beforeEach(() => {
  requests = [];
  window.history.replaceState(null, '', '/settings');
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
      expect(String(input)).toBe(routeUrl('deleteAccount'));
      expect(init?.method).toBe('DELETE');
      const body = JSON.parse(String(init?.body)) as { password: string };
      requests.push(body);
      return body.password === 'right one'
        ? Response.json({ deleted: true })
        : Response.json({ message: WRONG }, { status: 403 });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function renderSection() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  // Only whether someone is signed in matters here, not who.
  client.setQueryData([...currentUserQueryKey], { id: 'u1' });
  client.setQueryData(['posts'], ['cached of theirs']);
  render(
    <QueryClientProvider client={client}>
      <DeleteAccountSettings />
      <Toaster />
    </QueryClientProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
  const dialog = screen.getByRole('dialog', { name: 'Delete your account?' });
  const submit = (password: string) => {
    fireEvent.change(within(dialog).getByLabelText('Your password'), { target: { value: password } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
  };
  return { client, dialog, submit };
}

describe('deleting the account', () => {
  it('says so when the password is wrong, and keeps the person signed in', async () => {
    const { client, dialog, submit } = renderSection();
    await act(async () => submit('wrong one'));
    expect(await within(dialog).findByRole('alert')).toHaveProperty('textContent', WRONG);
    expect(within(dialog).getByLabelText('Your password').getAttribute('aria-invalid')).toBe('true');
    expect(client.getQueryData(currentUserQueryKey)).toEqual({ id: 'u1' });
    expect(window.location.pathname).toBe('/settings');
  });

  it('signs out to the landing page with a toast once deleted, forgetting what was cached', async () => {
    const { client, submit } = renderSection();
    await act(async () => submit('right one'));
    expect(await screen.findByText('Your account was deleted')).toBeTruthy();
    expect(requests).toEqual([{ password: 'right one' }]);
    expect(window.location.pathname).toBe('/');
    expect(client.getQueryData(currentUserQueryKey)).toBeNull();
    expect(client.getQueryData(['posts'])).toBeUndefined();
  });
});
