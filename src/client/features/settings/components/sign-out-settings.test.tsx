import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const LOGGED_OUT = 'You are logged out. Logging in again...';
const keepPage = (event: MouseEvent) => event.preventDefault();

beforeEach(() => {
  // jsdom cannot navigate: the page stays, as it does in a browser until the sign-out answer arrives.
  document.addEventListener('click', keepPage);
  vi.useFakeTimers({ toFake: ['setTimeout'] });
});
afterEach(() => {
  cleanup();
  document.removeEventListener('click', keepPage);
  vi.useRealTimers();
});

/** The app's own query client, toasts and Settings' Sign Out, each test with modules of its own (fresh state). */
async function renderSignedIn() {
  vi.resetModules();
  const { queryClient } = await import('@client/lib/query-client');
  const { ApiError } = await import('@client/lib/api-client');
  const { currentUserQueryKey } = await import('@client/lib/session');
  const { Toaster } = await import('@client/components/ui/toaster');
  const { SignOutSettings } = await import('./sign-out-settings');
  queryClient.setQueryData([...currentUserQueryKey], { id: 'u1', email: 'ada@example.test' });
  render(
    <QueryClientProvider client={queryClient}>
      <SignOutSettings />
      <Toaster />
    </QueryClientProvider>,
  );
  /** A request in flight that comes back 401, as every one does once the session has ended. */
  const answeredUnauthorized = () =>
    act(() =>
      queryClient
        .fetchQuery({
          queryKey: ['stats'],
          queryFn: () => Promise.reject(new ApiError(401, '401: Unauthorized')),
        })
        .catch(() => undefined),
    );
  return { answeredUnauthorized };
}

describe('signing out', () => {
  it('a 401 while signed in says the session ended and signs in again', async () => {
    const { answeredUnauthorized } = await renderSignedIn();
    await answeredUnauthorized();
    expect(screen.getByText(LOGGED_OUT)).toBeTruthy();
  });

  it('after Sign Out, requests that come back 401 as the page leaves do not send the person to sign in', async () => {
    const { answeredUnauthorized } = await renderSignedIn();
    fireEvent.click(screen.getByRole('link', { name: 'Sign Out' }));
    await answeredUnauthorized();
    expect(screen.queryByText(LOGGED_OUT)).toBeNull();
  });
});
