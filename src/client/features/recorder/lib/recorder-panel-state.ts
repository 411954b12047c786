import type { EditDraft } from '@client/lib/pending-edit-draft';
import { DIARY_CATEGORY } from '@shared/domain/posts';
import { detailsFromDraft } from './edit-draft';
import type { PublishDetails, PublishType } from './upload-form';

/**
 * What a recording session starts from: a new recording, an uploaded file, or a saved draft being edited (its
 * audio is the first segment; more takes join it, and saving replaces the draft in place).
 */
export type SessionSource =
  { kind: 'record' } | { kind: 'file'; file: File } | { kind: 'draft'; draft: EditDraft };

export type SessionEnd = 'published' | 'cancelled' | 'error';

/** The panel's views, in the order a person meets them: prompt row, title, type chooser, recording session. */
export type PanelView = 'collapsed' | 'expanded' | 'choosing' | 'session';

export interface ActiveSession {
  /** Tells sessions apart, so a new one never inherits the state of the one it replaces. */
  key: number;
  source: SessionSource;
  details: PublishDetails;
}

/** What the page asks of the panel through its props: a topic, a start request, a draft to edit. */
export interface OutsideRequests {
  initialTitle: string;
  initialType: PublishType;
  /** A new value asks to start recording at once; undefined never does. */
  startToken: number | undefined;
  editDraft: EditDraft | null | undefined;
  /** The browser can record: a start request is ignored otherwise. */
  supported: boolean;
}

export interface PanelState {
  isDiary: boolean;
  view: PanelView;
  title: string;
  session: ActiveSession | null;
  /** The outside requests already acted on. */
  seenTitle: string;
  handledToken: number | undefined;
  openedDraft: EditDraft | null;
  /** Each new request scrolls the panel into view (block: where). */
  scroll: { count: number; block: ScrollLogicalPosition };
}

export type PanelAction =
  | ({ type: 'outside' } & OutsideRequests)
  | { type: 'expand' }
  | { type: 'collapse' }
  | { type: 'titleChanged'; title: string }
  | { type: 'choose' }
  | { type: 'record'; postType: PublishType }
  | { type: 'fileChosen'; file: File; title: string }
  | { type: 'sessionEnded'; how: SessionEnd };

export function initialPanelState({
  isDiary,
  initialTitle,
}: {
  isDiary: boolean;
  initialTitle: string;
}): PanelState {
  return {
    isDiary,
    view: 'collapsed',
    title: initialTitle,
    session: null,
    seenTitle: initialTitle,
    handledToken: 0,
    openedDraft: null,
    scroll: { count: 0, block: 'center' },
  };
}

function newDetails(isDiary: boolean, title: string, type: PublishType): PublishDetails {
  return {
    title: title.trim(),
    category: isDiary ? DIARY_CATEGORY : '',
    description: '',
    promotionTitle: '',
    promotionLink: '',
    isPrivate: isDiary,
    type,
    photo: null,
  };
}

function openSession(state: PanelState, source: SessionSource, details: PublishDetails): PanelState {
  return { ...state, view: 'session', session: { key: (state.session?.key ?? 0) + 1, source, details } };
}

/**
 * A session that ends goes back to the prompt once published; otherwise to its title, to try again. Whatever
 * happens to an edit, the panel goes back to its prompt: the draft is saved, or stays as it was.
 */
export function sessionDone(session: ActiveSession | null, how: SessionEnd): boolean {
  return how === 'published' || session?.source.kind === 'draft';
}

/** Whether the props carry a request the panel has not acted on yet (then dispatch `outside`). */
export function hasNewRequest(state: PanelState, requests: OutsideRequests): boolean {
  return (
    requests.initialTitle !== state.seenTitle ||
    (requests.startToken !== undefined && requests.startToken !== state.handledToken) ||
    (state.isDiary && !!requests.editDraft && requests.editDraft !== state.openedDraft)
  );
}

function applyOutside(state: PanelState, requests: OutsideRequests): PanelState {
  const { initialTitle, initialType, startToken, editDraft, supported } = requests;
  let next = state;
  // A topic chosen elsewhere (the `topic` query, an AI idea) preselects the title.
  if (initialTitle !== next.seenTitle) {
    next = { ...next, seenTitle: initialTitle };
    if (state.view !== 'session') {
      next = { ...next, title: initialTitle };
      if (next.view === 'collapsed' && initialTitle.trim()) next = { ...next, view: 'expanded' };
    }
  }
  // An outside request to record (an AI suggestion, the topic query) skips straight to the countdown. A live
  // session is never interrupted.
  if (startToken !== undefined && startToken !== next.handledToken) {
    next = { ...next, handledToken: startToken };
    if (state.view !== 'session' && supported) {
      next = openSession(
        { ...next, title: initialTitle },
        { kind: 'record' },
        newDetails(next.isDiary, initialTitle, initialType),
      );
      next = { ...next, scroll: { count: next.scroll.count + 1, block: 'center' } };
    }
  }
  // A draft handed over for editing opens in the save form, its audio the first segment (spec §4). It needs no
  // microphone unless the person records more.
  if (next.isDiary && editDraft && editDraft !== next.openedDraft) {
    next = openSession(
      { ...next, openedDraft: editDraft, title: editDraft.title },
      { kind: 'draft', draft: editDraft },
      detailsFromDraft(editDraft),
    );
    next = { ...next, scroll: { count: next.scroll.count + 1, block: 'start' } };
  }
  return next;
}

/** Spec §2 Recorder: the panel's one state machine. */
export function panelReducer(state: PanelState, action: PanelAction): PanelState {
  switch (action.type) {
    case 'outside':
      return applyOutside(state, action);
    case 'expand':
      return { ...state, view: 'expanded' };
    case 'collapse':
      return { ...state, view: 'collapsed' };
    case 'titleChanged':
      return { ...state, title: action.title };
    case 'choose':
      return { ...state, view: 'choosing' };
    case 'record':
      return openSession(state, { kind: 'record' }, newDetails(state.isDiary, state.title, action.postType));
    case 'fileChosen':
      return openSession(
        { ...state, title: action.title },
        { kind: 'file', file: action.file },
        newDetails(state.isDiary, action.title, 'post'),
      );
    case 'sessionEnded':
      return sessionDone(state.session, action.how)
        ? { ...state, session: null, title: '', view: 'collapsed' }
        : { ...state, session: null, view: 'expanded' };
  }
}
