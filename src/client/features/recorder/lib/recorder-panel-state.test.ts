import { describe, expect, it } from 'vitest';
import type { EditDraft } from '@client/lib/pending-edit-draft';
import {
  hasNewRequest,
  initialPanelState,
  panelReducer,
  type OutsideRequests,
  type PanelAction,
  type PanelState,
} from './recorder-panel-state';

const share = initialPanelState({ isDiary: false, initialTitle: '' });
const diary = initialPanelState({ isDiary: true, initialTitle: '' });
const none: OutsideRequests = {
  initialTitle: '',
  initialType: 'post',
  startToken: undefined,
  editDraft: undefined,
  supported: true,
};
const draft: EditDraft = {
  id: 'd1',
  audioBlob: new Blob(['a']),
  duration: 12,
  title: 'Tuesday thoughts',
  transcription: '',
  category: 'Personal',
  affiliateLink: '',
  affiliateLinkTitle: '',
  waveform: [],
};

function run(state: PanelState, ...actions: PanelAction[]): PanelState {
  return actions.reduce(panelReducer, state);
}

describe('recorder panel state', () => {
  it('goes prompt → title → chooser → session, and back', () => {
    const titled = run(share, { type: 'expand' }, { type: 'titleChanged', title: '  Morning walk ' });
    expect(titled.view).toBe('expanded');
    const choosing = run(titled, { type: 'choose' });
    expect(choosing.view).toBe('choosing');
    expect(run(choosing, { type: 'expand' }).view).toBe('expanded');

    const recording = run(choosing, { type: 'record', postType: 'episode' });
    expect(recording.view).toBe('session');
    expect(recording.session).toMatchObject({
      key: 1,
      source: { kind: 'record' },
      details: { title: 'Morning walk', type: 'episode', isPrivate: false, category: '' },
    });
  });

  it('a cancelled take goes back to its title; a published one to an empty prompt', () => {
    const recording = run(
      share,
      { type: 'expand' },
      { type: 'titleChanged', title: 'Walk' },
      {
        type: 'record',
        postType: 'post',
      },
    );
    const cancelled = run(recording, { type: 'sessionEnded', how: 'cancelled' });
    expect(cancelled).toMatchObject({ view: 'expanded', title: 'Walk', session: null });
    const published = run(recording, { type: 'sessionEnded', how: 'published' });
    expect(published).toMatchObject({ view: 'collapsed', title: '', session: null });
  });

  it('a topic from the page fills the title and opens the collapsed panel', () => {
    const requests = { ...none, initialTitle: 'Favourite songs' };
    expect(hasNewRequest(share, requests)).toBe(true);
    const next = panelReducer(share, { type: 'outside', ...requests });
    expect(next).toMatchObject({ view: 'expanded', title: 'Favourite songs' });
    expect(hasNewRequest(next, requests)).toBe(false);
  });

  it('a start request records at once with the page’s title and type, and scrolls to the panel', () => {
    const requests: OutsideRequests = {
      ...none,
      initialTitle: 'An idea',
      initialType: 'episode',
      startToken: 7,
    };
    const next = panelReducer(share, { type: 'outside', ...requests });
    expect(next.view).toBe('session');
    expect(next.session?.details).toMatchObject({ title: 'An idea', type: 'episode' });
    expect(next.scroll).toEqual({ count: 1, block: 'center' });
    expect(hasNewRequest(next, requests)).toBe(false);
  });

  it('never interrupts a live session, and ignores a start it cannot record', () => {
    const live = run(share, { type: 'titleChanged', title: 'Mine' }, { type: 'record', postType: 'post' });
    const next = panelReducer(live, { type: 'outside', ...none, initialTitle: 'Other', startToken: 3 });
    expect(next.session).toBe(live.session);
    expect(next.title).toBe('Mine');

    const unsupported = panelReducer(share, { type: 'outside', ...none, startToken: 3, supported: false });
    expect(unsupported.view).toBe('collapsed');
    expect(hasNewRequest(unsupported, { ...none, startToken: 3, supported: false })).toBe(false);
  });

  it('a draft handed over opens the voice-draft panel in its save form, once', () => {
    const requests = { ...none, editDraft: draft };
    expect(hasNewRequest(share, requests)).toBe(false);
    const next = panelReducer(diary, { type: 'outside', ...requests });
    expect(next).toMatchObject({ view: 'session', title: 'Tuesday thoughts', openedDraft: draft });
    expect(next.session?.source).toEqual({ kind: 'draft', draft });
    expect(next.scroll.block).toBe('start');
    expect(hasNewRequest(next, requests)).toBe(false);
    // Whatever happens to an edit, the panel goes back to its prompt.
    expect(run(next, { type: 'sessionEnded', how: 'cancelled' }).view).toBe('collapsed');
  });
});
