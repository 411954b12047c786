import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PublicUser } from '@shared/contract/users';
import { Toaster } from '@client/components/ui/toaster';
import { routeUrl } from '@client/lib/api-client';
import { routeKey } from '@client/lib/query-keys';
import { PositionAdjusterDialog } from './position-adjuster-dialog';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const maya = {
  id: 'u1',
  firstName: 'Maya',
  lastName: 'Okafor',
  profileImageUrl: '/media/images/maya.webp',
  profileImageOffsetX: 10,
  profileImageOffsetY: -6,
} as PublicUser;

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
let client: QueryClient;
const onOpenChange = vi.fn();

function openAdjuster() {
  client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  client.setQueryData(routeKey('getUser', { id: maya.id }), maya);
  render(
    <QueryClientProvider client={client}>
      <PositionAdjusterDialog user={maya} name="Maya Okafor" open onOpenChange={onOpenChange} />
      <Toaster />
    </QueryClientProvider>,
  );
  const dialog = screen.getByRole('dialog', { name: 'Adjust position' });
  const preview = within(dialog).getByRole('application', { name: "Position of Maya Okafor's picture" });
  const picture = preview.querySelector('img')!;
  return { dialog, preview, picture };
}

beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>(async () => Response.json({ offsetX: 64, offsetY: 0 }));
  vi.stubGlobal('fetch', fetchMock);
  // jsdom has no pointer capture.
  HTMLElement.prototype.setPointerCapture = () => undefined;
  onOpenChange.mockReset();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(HTMLElement.prototype, 'setPointerCapture');
});

describe('the position adjuster', () => {
  it('starts at the saved offset and moves with the arrow keys, never past half the preview', () => {
    const { dialog, preview, picture } = openAdjuster();
    expect(picture.style.transform).toBe('translate(10px, -6px)');
    expect(within(dialog).getByText('10 px right, 6 px up')).toBeTruthy();
    for (let i = 0; i < 30; i++) fireEvent.keyDown(preview, { key: 'ArrowRight', shiftKey: true });
    fireEvent.keyDown(preview, { key: 'ArrowDown' });
    expect(picture.style.transform).toBe('translate(64px, -2px)');
  });

  it('follows a drag, limited to 64 px either way, and Reset sets both to zero', () => {
    const { dialog, preview, picture } = openAdjuster();
    fireEvent.pointerDown(preview, { pointerId: 1, button: 0, clientX: 100, clientY: 100 });
    fireEvent.pointerMove(preview, { pointerId: 1, clientX: 80, clientY: 400 });
    expect(picture.style.transform).toBe('translate(-10px, 64px)');
    fireEvent.pointerMove(preview, { pointerId: 1, clientX: -500, clientY: -500 });
    fireEvent.pointerUp(preview, { pointerId: 1 });
    expect(picture.style.transform).toBe('translate(-64px, -64px)');
    fireEvent.pointerMove(preview, { pointerId: 1, clientX: 500, clientY: 500 });
    expect(picture.style.transform).toBe('translate(-64px, -64px)');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Reset' }));
    expect(picture.style.transform).toMatch(/^translate\(0px(, 0px)?\)$/);
    expect(within(dialog).getByText('Centred')).toBeTruthy();
  });

  it('saves the offsets and keeps what the server answered', async () => {
    const { dialog, preview } = openAdjuster();
    fireEvent.keyDown(preview, { key: 'ArrowRight' });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    });
    expect(fetchMock.mock.calls[0]?.[0]).toBe(routeUrl('updateProfileImagePosition'));
    expect(fetchMock.mock.calls[0]?.[1]?.method).toBe('PUT');
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({ offsetX: 14, offsetY: -6 });
    expect(client.getQueryData(routeKey('getUser', { id: maya.id }))).toMatchObject({
      profileImageOffsetX: 64,
      profileImageOffsetY: 0,
    });
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('says exactly what the spec says when saving fails', async () => {
    fetchMock.mockResolvedValueOnce(new Response('{"message":"Database down"}', { status: 500 }));
    const { dialog } = openAdjuster();
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    });
    expect(await screen.findByText('Failed to save image position. Please try again.')).toBeTruthy();
    expect(onOpenChange).not.toHaveBeenCalled();
  });
});
