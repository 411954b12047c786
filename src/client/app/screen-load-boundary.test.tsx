import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { retryingLazy } from '@client/lib/retrying-lazy';
import { ScreenLoadBoundary } from './screen-load-boundary';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const setOnline = (online: boolean) => vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);

function Drafts() {
  return <h1>Drafts</h1>;
}

function renderScreen(load: () => Promise<typeof Drafts>, { quiet = false } = {}) {
  const Screen = retryingLazy(load);
  render(
    <main>
      <p>The page around it</p>
      <ScreenLoadBoundary quiet={quiet}>
        <Suspense fallback={<p>Loading</p>}>
          <Screen />
        </Suspense>
      </ScreenLoadBoundary>
    </main>,
  );
}

/** As a real fetch: it fails for as long as the browser is offline. */
const fetchedWhileOnline = () =>
  vi.fn(() =>
    navigator.onLine
      ? Promise.resolve(Drafts)
      : Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/drafts-x.js')),
  );

describe('a screen whose code cannot be fetched', () => {
  it('says it needs a connection offline, and opens by itself once the connection is back', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    setOnline(false);
    renderScreen(fetchedWhileOnline());
    expect(await screen.findByRole('heading', { name: 'This screen needs a connection' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();

    setOnline(true);
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByRole('heading', { name: 'Drafts' })).toBeTruthy();
  });

  it('quiet (the toaster), shows nothing in its place offline, the page carrying on, and loads once back', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    setOnline(false);
    renderScreen(fetchedWhileOnline(), { quiet: true });
    await waitFor(() => expect(screen.queryByText('Loading')).toBeNull());
    expect(screen.getByText('The page around it')).toBeTruthy();
    expect(screen.queryByRole('heading')).toBeNull();

    setOnline(true);
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByRole('heading', { name: 'Drafts' })).toBeTruthy();
  });

  it('online, says the screen did not load, with a reload', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    setOnline(true);
    renderScreen(() => Promise.reject(new TypeError('Importing a module script failed.')));
    expect(await screen.findByRole('heading', { name: 'This screen did not load' })).toBeTruthy();
  });

  it('leaves other errors to the root boundary', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    function Broken(): never {
      throw new Error('render bug');
    }
    expect(() =>
      render(
        <ScreenLoadBoundary>
          <Broken />
        </ScreenLoadBoundary>,
      ),
    ).toThrow('render bug');
  });
});
