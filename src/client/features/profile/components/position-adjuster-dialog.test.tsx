import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PublicUser } from '@shared/contract/users';
import { Toaster } from '@client/components/ui/toaster';
import { routeUrl } from '@client/lib/api-client';
import { routeKey } from '@client/lib/query-keys';
import { installLayout } from '@client/testing/fake-browser';
import { PositionAdjusterDialog } from './position-adjuster-dialog';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const maya = {
  id: 'u1',
  firstName: 'Maya',
  lastName: 'Okafor',
  profileImageUrl: '/media/images/maya.webp',
  profileImagePositionX: 40,
  profileImagePositionY: 50,
  profileImageZoom: 2,
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
  fetchMock = vi.fn<typeof fetch>(async () => Response.json({ positionX: 100, positionY: 0, zoom: 4 }));
  vi.stubGlobal('fetch', fetchMock);
  installLayout();
  // jsdom has no pointer capture.
  HTMLElement.prototype.setPointerCapture = () => undefined;
  onOpenChange.mockReset();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  Reflect.deleteProperty(HTMLElement.prototype, 'setPointerCapture');
});

describe('the position adjuster', () => {
  it('starts at the saved framing; arrow keys move the picture and + and - zoom it, within range', () => {
    const { dialog, preview, picture } = openAdjuster();
    expect(picture.style.objectPosition).toBe('40% 50%');
    expect(picture.style.transform).toBe('scale(2)');
    expect(within(dialog).getByText('40% across, 50% down, zoom 2.00×')).toBeTruthy();
    // The picture moves right, so more of its left side shows.
    fireEvent.keyDown(preview, { key: 'ArrowRight' });
    expect(picture.style.objectPosition).toBe('35% 50%');
    for (let i = 0; i < 10; i++) fireEvent.keyDown(preview, { key: 'ArrowUp', shiftKey: true });
    for (let i = 0; i < 20; i++) fireEvent.keyDown(preview, { key: '+' });
    expect(picture.style.objectPosition).toBe('35% 100%');
    expect(picture.style.transform).toBe('scale(4)');
    fireEvent.keyDown(preview, { key: '-' });
    expect(picture.style.transform).toBe('scale(3.75)');
    expect(within(dialog).getByRole('slider', { name: 'Zoom' }).getAttribute('aria-valuenow')).toBe('3.75');
  });

  it('follows a drag by the share of the picture that overhangs the circle, and Reset centres it', () => {
    const { dialog, preview, picture } = openAdjuster();
    // At zoom 2 a square picture overhangs the 128 px circle by 128 px: a 32 px drag moves the point by 25%.
    fireEvent.pointerDown(preview, { pointerId: 1, button: 0, clientX: 100, clientY: 100 });
    fireEvent.pointerMove(preview, { pointerId: 1, clientX: 132, clientY: 36 });
    expect(picture.style.objectPosition).toBe('15% 100%');
    fireEvent.pointerMove(preview, { pointerId: 1, clientX: -500, clientY: 500 });
    fireEvent.pointerUp(preview, { pointerId: 1 });
    expect(picture.style.objectPosition).toBe('100% 0%');
    fireEvent.pointerMove(preview, { pointerId: 1, clientX: 500, clientY: 500 });
    expect(picture.style.objectPosition).toBe('100% 0%');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Reset' }));
    expect(picture.style.objectPosition).toBe('50% 50%');
    expect(picture.style.transform).toBe('');
    expect(within(dialog).getByText('Centred')).toBeTruthy();
  });

  it('saves the framing and keeps what the server answered', async () => {
    const { dialog, preview } = openAdjuster();
    fireEvent.keyDown(preview, { key: 'ArrowRight' });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    });
    expect(fetchMock.mock.calls[0]?.[0]).toBe(routeUrl('updateProfileImagePosition'));
    expect(fetchMock.mock.calls[0]?.[1]?.method).toBe('PUT');
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({
      positionX: 35,
      positionY: 50,
      zoom: 2,
    });
    expect(client.getQueryData(routeKey('getUser', { id: maya.id }))).toMatchObject({
      profileImagePositionX: 100,
      profileImagePositionY: 0,
      profileImageZoom: 4,
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
