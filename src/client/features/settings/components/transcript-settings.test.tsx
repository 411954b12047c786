import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@client/components/ui/toaster';
import { routeUrl } from '@client/lib/api-client';
import { currentUserQueryKey } from '@client/lib/session';
import { TranscriptSettings } from './transcript-settings';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let requests: unknown[];

beforeEach(() => {
  requests = [];
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
      expect(String(input)).toBe(routeUrl('updateSettings'));
      const body = JSON.parse(String(init?.body)) as { transcribePrivate: boolean };
      requests.push(body);
      return Response.json({ id: 'u1', transcribePrivate: body.transcribePrivate });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('transcripts of my private posts', () => {
  it('is off until I turn it on, says what that sends where, and saves at once', async () => {
    const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
    client.setQueryData([...currentUserQueryKey], { id: 'u1', transcribePrivate: false });
    render(
      <QueryClientProvider client={client}>
        <TranscriptSettings />
        <Toaster />
      </QueryClientProvider>,
    );
    const toggle = screen.getByRole('switch', { name: 'Transcribe my private posts too' });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    const hint = document.getElementById(toggle.getAttribute('aria-describedby')!);
    expect(hint?.textContent).toMatch(/goes to the speech recognition service/);

    await act(async () => fireEvent.click(toggle));
    expect(await screen.findByText('Saved.')).toBeTruthy();
    expect(requests).toEqual([{ transcribePrivate: true }]);
    expect(toggle.getAttribute('aria-checked')).toBe('true');
  });
});
