import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routeUrl } from '@client/lib/api-client';
import { installLayout, uninstallBrowserFakes } from '@client/testing/fake-browser';
import { ReportDialog } from './report-dialog';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;

beforeEach(() => {
  installLayout();
  fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    if (String(input) === routeUrl('report') && init?.method === 'POST') {
      const body = JSON.parse(String(init.body)) as { forward?: boolean };
      return Response.json({ received: true, ...(body.forward ? { forwarded: true } : {}) });
    }
    return new Response('not found', { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  uninstallBrowserFakes();
});

function renderDialog(homeServer?: string) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ReportDialog
        open
        onOpenChange={() => undefined}
        targetKind="post"
        targetId="p1"
        homeServer={homeServer}
      />
    </QueryClientProvider>,
  );
}

const FORWARD = 'Also send this report to mastodon.example’s moderators';

async function submit() {
  fireEvent.click(screen.getByRole('radio', { name: 'Spam' }));
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Submit report' }));
  });
  const sent = fetchMock.mock.calls.find(([input]) => String(input) === routeUrl('report'));
  return JSON.parse(String(sent![1]!.body)) as Record<string, unknown>;
}

describe('ReportDialog', () => {
  it('offers no forwarding for a post of this server', async () => {
    renderDialog();
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(await submit()).toEqual({ targetKind: 'post', targetId: 'p1', reason: 'spam' });
  });

  it('offers, for a post of another server, a named checkbox off until ticked, in the tab order', async () => {
    renderDialog('mastodon.example');
    const box = screen.getByRole('checkbox', { name: FORWARD });
    expect(box).toHaveProperty('checked', false);
    expect(box.getAttribute('tabindex')).not.toBe('-1');
    expect(box).toHaveProperty('disabled', false);
    expect(document.getElementById(box.getAttribute('aria-describedby')!)?.textContent).toMatch(
      /without your name/,
    );
    // A checkbox takes Space from the keyboard as a click.
    box.focus();
    expect(document.activeElement).toBe(box);
    fireEvent.click(box);
    expect(box).toHaveProperty('checked', true);
    expect(await submit()).toEqual({ targetKind: 'post', targetId: 'p1', reason: 'spam', forward: true });
  });

  it('sends no forward when the box stays clear', async () => {
    renderDialog('mastodon.example');
    expect(await submit()).toEqual({ targetKind: 'post', targetId: 'p1', reason: 'spam' });
  });
});
