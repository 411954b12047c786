import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DraftEdit } from '@shared/contract/drafts';
import { Toaster } from '@client/components/ui/toaster';
import { routeUrl } from '@client/lib/api-client';
import { getQueryFn } from '@client/lib/query-client';
import { recordingBrowserInEachTest } from '@client/testing/fake-browser';
import { FakeXhr, lastUpload } from '@client/testing/fake-xhr';
import { EditorDialog } from './editor-dialog';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const edit: DraftEdit = {
  original: { durationMs: 9_000, audioUrl: '/media/original.webm', peaksUrl: '/peaks' },
  takes: [],
  operations: [],
  savedAt: null,
};
let saved: unknown[];
/** The length of the draft's original recording in this test. */
let originalMs: number;

recordingBrowserInEachTest();
beforeEach(() => {
  saved = [];
  originalMs = edit.original.durationMs;
  localStorage.clear();
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
      const url = String(input);
      if (init?.method === 'PUT' && url === routeUrl('saveDraftEdit', { params: { id: 'd1' } })) {
        saved.push(JSON.parse(String(init.body)));
        return Response.json({ id: 'd1' });
      }
      if (url === routeUrl('getDraftEdit', { params: { id: 'd1' } }))
        return Response.json({ ...edit, original: { ...edit.original, durationMs: originalMs } });
      return Response.json({ peaksPerSecond: 10, peaks: Array.from({ length: 90 }, () => 0.5) });
    }),
  );
});
afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

async function openEditor() {
  const onClose = vi.fn();
  const client = new QueryClient({
    defaultOptions: {
      queries: { retry: false, queryFn: getQueryFn({ on401: 'throw' }) },
      mutations: { retry: false },
    },
  });
  render(
    <QueryClientProvider client={client}>
      <EditorDialog draft={{ id: 'd1', title: 'Morning notes' }} onClose={onClose} onApplied={vi.fn()} />
      <Toaster />
    </QueryClientProvider>,
  );
  const waveform = await screen.findByRole('slider', { name: 'Waveform: playhead and selection' });
  return { waveform, onClose };
}

const press = (element: Element, key: string, options: Partial<KeyboardEventInit> = {}) =>
  act(() => {
    fireEvent.keyDown(element, { key, ...options });
  });
const editorStatus = () => within(screen.getByRole('dialog')).getByRole('status');
const valueText = (element: Element) => element.getAttribute('aria-valuetext');
/** The big time display: "Playhead 0:01.4" (its "of" and the length after it left off). */
const playheadTime = () =>
  screen.getByText('Playhead', { exact: false, selector: 'span' }).parentElement?.textContent?.split('of')[0];

/** Record (past the 3-2-1), Stop, and the server refuses the take. */
async function recordTakeThatFailsToUpload() {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  try {
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Record' }));
    });
    await act(async () => {
      vi.advanceTimersByTime(3_000);
    });
  } finally {
    vi.useRealTimers();
  }
  const stop = await screen.findByRole('button', { name: 'Stop recording' });
  expect(document.activeElement).toBe(stop);
  await act(async () => {
    fireEvent.click(stop);
  });
  expect(editorStatus().textContent).toMatch(/^Recorded \S+s · Processing\.\.\.$/);
  await act(async () => lastUpload().respond(500, { message: 'Storage is full' }));
}

describe('advanced editor', () => {
  it('says "Error Loading Draft" when the draft will not open', async () => {
    const fetchMock = vi.mocked(fetch);
    fetchMock.mockImplementation(async () => Response.json({ message: 'Down' }, { status: 500 }));
    render(
      <QueryClientProvider
        client={
          new QueryClient({
            defaultOptions: { queries: { retry: false, queryFn: getQueryFn({ on401: 'throw' }) } },
          })
        }
      >
        <EditorDialog draft={{ id: 'd1', title: 'Morning notes' }} onClose={vi.fn()} onApplied={vi.fn()} />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('Error Loading Draft')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('Failed to load draft for editing');
    expect(screen.queryByText('Draft Loaded for Editing!')).toBeNull();
  });

  it('says "Draft Loaded for Editing!" once the draft is open (spec §4, §8), once', async () => {
    await openEditor();
    const notifications = screen.getByRole('region', { name: /^Notifications/, hidden: true });
    expect(within(notifications).getAllByText('Draft Loaded for Editing!', { exact: true })).toHaveLength(1);
  });

  it('opens with the markers at a third and two thirds, focused on the waveform', async () => {
    const { waveform } = await openEditor();
    expect(valueText(waveform)).toBe('Playhead 0:00.0 of 0:09.0; selection 0:03.0 to 0:06.0');
    expect(document.activeElement).toBe(waveform);
    expect(screen.getByRole('heading', { name: 'Morning notes' })).toBeTruthy();
  });

  it('refuses to delete an empty selection or the whole recording', async () => {
    const { waveform } = await openEditor();
    // The playhead (0) for the end marker: the end cannot pass the start, so the selection closes at 0:03.0.
    await press(waveform, ']');
    await press(waveform, 'Delete');
    // Toasted, and said in the editor's own status line.
    expect(await screen.findAllByText('Select a region to delete')).toHaveLength(2);
    expect(editorStatus().textContent).toBe('Select a region to delete');

    await press(waveform, 'Home');
    await press(waveform, '[');
    await press(waveform, 'End');
    await press(waveform, ']');
    fireEvent.click(screen.getByRole('button', { name: 'Delete Selected' }));
    expect(await screen.findAllByText('Cannot delete entire recording')).toHaveLength(2);
    expect(editorStatus().textContent).toBe('Cannot delete entire recording');
    expect(valueText(waveform)).toContain('of 0:09.0');
  });

  it('refuses a selection that would leave less than half a second', async () => {
    originalMs = 9_300;
    const { waveform } = await openEditor();
    for (let step = 0; step < 9; step += 1) await press(waveform, 'ArrowRight');
    await press(waveform, ']');
    await press(waveform, 'Home');
    await press(waveform, '[');
    expect(valueText(waveform)).toBe('Playhead 0:00.0 of 0:09.3; selection 0:00.0 to 0:09.0');
    fireEvent.click(screen.getByRole('button', { name: 'Delete Selected' }));
    expect(await screen.findAllByText('Cannot delete entire recording')).toHaveLength(2);
    expect(valueText(waveform)).toContain('of 0:09.3');
  });

  it('moves the playhead and markers by key, cuts, undoes and redoes', async () => {
    const { waveform } = await openEditor();
    await press(waveform, 'ArrowRight');
    expect(valueText(waveform)).toContain('Playhead 0:01.0');
    await press(waveform, '[');
    await press(waveform, 'ArrowRight', { shiftKey: true });
    expect(valueText(waveform)).toContain('Playhead 0:09.0');
    await press(waveform, 'ArrowLeft', { shiftKey: true });
    await press(waveform, 'ArrowRight');
    await press(waveform, 'ArrowRight');
    await press(waveform, ']');
    expect(valueText(waveform)).toBe('Playhead 0:02.0 of 0:09.0; selection 0:01.0 to 0:02.0');

    await press(waveform, 'Backspace');
    expect(screen.getByText('Deleted 1.0s of audio')).toBeTruthy();
    expect(valueText(waveform)).toContain('of 0:08.0');

    await press(waveform, 'z', { ctrlKey: true });
    expect(valueText(waveform)).toContain('of 0:09.0');
    await press(waveform, 'z', { metaKey: true, shiftKey: true });
    expect(valueText(waveform)).toContain('of 0:08.0');
  });

  it('plays on from where an arrow key moves the playhead while playing', async () => {
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue();
    vi.spyOn(HTMLMediaElement.prototype, 'pause').mockReturnValue();
    const { waveform } = await openEditor();
    await press(waveform, ' ');
    expect(screen.getByRole('button', { name: 'Pause' })).toBeTruthy();
    await press(waveform, 'ArrowRight', { shiftKey: true });
    await press(waveform, 'Home');
    await press(waveform, 'ArrowRight');
    expect(play).toHaveBeenCalledTimes(4);
    const audio = play.mock.contexts.at(-1) as HTMLMediaElement;
    expect(audio.currentTime).toBe(1);
    // While playing, assistive technology hears whole seconds and the clock shows tenths, not every frame.
    expect(valueText(waveform)).toContain('Playhead 0:01 of');
    audio.currentTime = 1.47;
    await waitFor(() => expect(playheadTime()).toBe('Playhead 0:01.4'));
    expect(valueText(waveform)).toContain('Playhead 0:01 of');
    await press(waveform, ' ');
    expect(valueText(waveform)).toContain('Playhead 0:01.4 of');
  });

  it('saves the edit list and says so', async () => {
    const { waveform, onClose } = await openEditor();
    await press(waveform, 'Delete');
    await act(async () => {
      fireEvent.click(screen.getAllByRole('button', { name: 'Save Draft' })[0]!);
    });
    expect(await screen.findByText('Draft Saved')).toBeTruthy();
    expect(saved).toEqual([{ operations: [{ kind: 'delete', start: 3_000, end: 6_000 }] }]);
    expect(screen.getByText('Your voice draft has been saved.')).toBeTruthy();
    expect(onClose).toHaveBeenCalled();
  });

  it('locks every control while a save is under way', async () => {
    let finishSave: (response: Response) => void = () => {};
    const fetchMock = vi.mocked(fetch);
    const answer = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation((input, init) =>
      init?.method === 'PUT'
        ? new Promise<Response>((resolve) => (finishSave = resolve))
        : answer(input, init),
    );
    const { waveform } = await openEditor();
    await press(waveform, 'Delete');
    await act(async () => {
      fireEvent.click(screen.getAllByRole('button', { name: 'Save Draft' })[0]!);
    });
    for (const name of ['Record', 'Delete Selected', 'Add Segment', 'Play', 'Undo', 'Cancel'])
      expect(screen.getByRole('button', { name })).toHaveProperty('disabled', true);
    expect(waveform.getAttribute('aria-disabled')).toBe('true');
    await press(waveform, 'z', { ctrlKey: true });
    expect(valueText(waveform)).toContain('of 0:06.0');
    await act(async () => finishSave(Response.json({ id: 'd1' })));
    expect(await screen.findByText('Draft Saved')).toBeTruthy();
  });

  it('asks before Cancel drops unsaved edits, and keeps them on the device until then', async () => {
    const { waveform, onClose } = await openEditor();
    await press(waveform, 'Delete');
    expect(localStorage.getItem('earshot.editor.d1')).toContain('"delete"');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(await screen.findByRole('button', { name: 'Discard edits' }));
    expect(onClose).toHaveBeenCalled();
    expect(localStorage.getItem('earshot.editor.d1')).toBeNull();
  });

  it('leaves keys pressed inside the discard question to that question', async () => {
    const { waveform } = await openEditor();
    await press(waveform, 'Delete');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    const keep = await screen.findByRole('button', { name: 'Keep editing' });
    await press(keep, 'z', { ctrlKey: true });
    await press(keep, 'Delete');
    expect(valueText(waveform)).toContain('of 0:06.0');
    await press(keep, 'Escape');
    expect(screen.queryByRole('button', { name: 'Keep editing' })).toBeNull();
  });

  it('keeps a take whose upload failed, for Retry upload or Discard', async () => {
    const { waveform } = await openEditor();
    await recordTakeThatFailsToUpload();
    expect(editorStatus().textContent).toContain('Storage is full');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Retry upload' }));
    });
    expect(FakeXhr.sent).toHaveLength(2);
    await act(async () =>
      lastUpload().respond(201, { id: 't1', durationMs: 2_000, audioUrl: '/media/t1.webm' }),
    );
    expect(valueText(waveform)).toContain('of 0:11.0');
    expect(document.activeElement).toBe(waveform);
    expect(screen.queryByRole('button', { name: 'Retry upload' })).toBeNull();
  });

  it('throws a failed take away on Discard, the timeline as long as before', async () => {
    const { waveform } = await openEditor();
    await recordTakeThatFailsToUpload();
    expect(editorStatus().textContent).toContain('Upload Failed: Storage is full');
    const discard = screen.getByRole('button', { name: 'Discard' });
    expect(screen.getByRole('button', { name: 'Retry upload' })).toBeTruthy();
    await act(async () => {
      fireEvent.click(discard);
    });
    expect(screen.queryByRole('button', { name: 'Retry upload' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Discard' })).toBeNull();
    expect(editorStatus().textContent).toBe('');
    expect(valueText(waveform)).toBe('Playhead 0:00.0 of 0:09.0; selection 0:03.0 to 0:06.0');
    expect(document.activeElement).toBe(waveform);
    expect(FakeXhr.sent).toHaveLength(1);
  });

  it('says "Mic error. Check permissions." when the microphone is refused', async () => {
    vi.mocked(navigator.mediaDevices.getUserMedia).mockRejectedValue(
      Object.assign(new Error('denied'), { name: 'NotAllowedError' }),
    );
    await openEditor();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Record' }));
    });
    expect(await screen.findAllByText('Mic error. Check permissions.')).toHaveLength(2);
    expect(editorStatus().textContent).toBe('Mic error. Check permissions.');
  });
});
