import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest } from './api-client';
import { toFormData } from './multipart-form';

function respondWith(response: Response) {
  const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(response);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('apiRequest', () => {
  it('fills path params, sends cookies and reads JSON', async () => {
    const fetchMock = respondWith(Response.json({ id: 'u 1' }));
    await expect(apiRequest('getUser', { params: { id: 'u 1' } })).resolves.toEqual({ id: 'u 1' });
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/users/u%201',
      expect.objectContaining({ method: 'GET', credentials: 'include' }),
    );
  });

  it('adds the query string, leaving out unset values', async () => {
    const fetchMock = respondWith(Response.json([]));
    await apiRequest('listUsers', { query: { limit: 10, cursor: undefined } });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/users?limit=10');
  });

  it('sends JSON bodies as JSON', async () => {
    const fetchMock = respondWith(Response.json({}));
    await apiRequest('login', { body: { email: 'ada@example.com', password: 'secret-password' } });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.headers).toEqual({ 'Content-Type': 'application/json' });
    expect(init?.body).toBe('{"email":"ada@example.com","password":"secret-password"}');
  });

  it('sends an upload as multipart, letting the browser set the boundary', async () => {
    const fetchMock = respondWith(Response.json({}));
    const form = toFormData(
      'autosaveChunk',
      { sessionId: 's1', chunkNumber: 0 },
      { audio: { blob: new Blob(['x']), name: 'chunk.webm' } },
    );
    await apiRequest('autosaveChunk', { body: form });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.body).toBe(form);
    expect(init?.headers).toBeUndefined();
    // @ts-expect-error An upload takes only the body toFormData builds from its contract entry.
    void apiRequest('autosaveChunk', { body: new FormData() }).catch(() => undefined);
  });

  it('reads an empty answer as null', async () => {
    respondWith(new Response(null, { status: 204 }));
    await expect(apiRequest('health')).resolves.toBeNull();
  });

  it('throws "status: body" for a non-OK answer, keeping the status', async () => {
    respondWith(new Response('{"message":"Nope"}', { status: 403, statusText: 'Forbidden' }));
    const error = await apiRequest('health').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 403, message: '403: {"message":"Nope"}' });
  });

  it('falls back to the status text when the body is empty', async () => {
    respondWith(new Response('', { status: 401, statusText: 'Unauthorized' }));
    await expect(apiRequest('health')).rejects.toThrow('401: Unauthorized');
  });
});
