import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { fetchKeysetPage, nextPageUrl } from './keyset-page';

const headers = (values: Record<string, string>) => new Headers(values);

describe('nextPageUrl (README: the next page is in the Link header)', () => {
  it('follows the rel="next" link', () => {
    expect(
      nextPageUrl(
        headers({ link: '</api/diary?limit=50&cursor=abc>; rel="next"', 'x-next-cursor': 'abc' }),
        '/api/diary',
      ),
    ).toBe('/api/diary?limit=50&cursor=abc');
    expect(nextPageUrl(headers({ link: '</a?cursor=1>; rel="prev", </a?cursor=2>; rel=next' }), '/a')).toBe(
      '/a?cursor=2',
    );
  });

  it('falls back to X-Next-Cursor, and says when there is no next page', () => {
    expect(nextPageUrl(headers({ 'x-next-cursor': 'c 1' }), '/api/diary?limit=2&cursor=old')).toBe(
      '/api/diary?limit=2&cursor=c+1',
    );
    expect(nextPageUrl(headers({ link: '</a?cursor=1>; rel="prev"' }), '/a')).toBeNull();
    expect(nextPageUrl(headers({}), '/api/diary')).toBeNull();
  });
});

describe('fetchKeysetPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reads the array and the next page, with cookies', async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response(JSON.stringify([{ id: '1' }]), {
          status: 200,
          headers: { link: '</api/diary?cursor=n>; rel="next"' },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const page = await fetchKeysetPage<{ id: string }>('/api/diary');
    expect(page).toEqual({ items: [{ id: '1' }], next: '/api/diary?cursor=n' });
    expect(fetchMock).toHaveBeenCalledWith('/api/diary', expect.objectContaining({ credentials: 'include' }));
  });

  it('throws the usual "STATUS: body" error', async () => {
    vi.stubGlobal('fetch', async () => new Response('{"message":"nope"}', { status: 401 }));
    const failure = fetchKeysetPage('/api/diary');
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toThrow('401: {"message":"nope"}');
  });
});
