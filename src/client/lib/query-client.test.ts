import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getQueryFn } from './query-client';

afterEach(() => {
  vi.unstubAllGlobals();
});

function fetchQuery(queryFn: ReturnType<typeof getQueryFn>, queryKey: unknown[]) {
  return new QueryClient().fetchQuery({ queryKey, queryFn, retry: false });
}

describe('getQueryFn', () => {
  it('GETs the query key joined into a path', async () => {
    const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(Response.json({ ok: true }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(fetchQuery(getQueryFn({ on401: 'throw' }), ['/api/users', 'u1'])).resolves.toEqual({
      ok: true,
    });
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/users/u1',
      expect.objectContaining({ credentials: 'include' }),
    );
  });

  it('yields null on 401 when asked to', async () => {
    vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockResolvedValue(new Response('', { status: 401 })));
    await expect(fetchQuery(getQueryFn({ on401: 'returnNull' }), ['/api/auth/user'])).resolves.toBeNull();
  });

  it('throws on 401 by default', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>().mockResolvedValue(new Response('Unauthorized', { status: 401 })),
    );
    await expect(fetchQuery(getQueryFn({ on401: 'throw' }), ['/api/feed'])).rejects.toThrow(
      '401: Unauthorized',
    );
  });
});
