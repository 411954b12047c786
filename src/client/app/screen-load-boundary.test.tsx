import { act, cleanup, render, screen } from '@testing-library/react';
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

function renderScreen(load: () => Promise<typeof Drafts>) {
  const Screen = retryingLazy(load);
  render(
    <ScreenLoadBoundary>
      <Suspense fallback={<p>Loading</p>}>
        <Screen />
      </Suspense>
    </ScreenLoadBoundary>,
  );
}

describe('a screen whose code cannot be fetched', () => {
  it('says it needs a connection offline, and opens by itself once the connection is back', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    setOnline(false);
    // As a real fetch: it fails for as long as the browser is offline.
    const load = vi.fn(() =>
      navigator.onLine
        ? Promise.resolve(Drafts)
        : Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/drafts-x.js')),
    );
    renderScreen(load);
    expect(await screen.findByRole('heading', { name: 'This screen needs a connection' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();

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
