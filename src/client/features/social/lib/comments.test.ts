import { describe, expect, it } from 'vitest';
import type { Comment } from '@shared/contract/social';
import { publicUserWith } from '@shared/domain/public-user';
import {
  buildCommentForm,
  canDeleteComment,
  commentAsPlayable,
  commentAuthorName,
  looksLikeEmail,
  repliesLabel,
  visitorDetailsMissing,
} from './comments';

const maya = publicUserWith({
  id: 'u-maya',
  firstName: 'Maya',
  lastName: 'Okafor',
  username: 'maya',
  createdAt: '2026-01-01T00:00:00.000Z',
  postCount: 1,
});

const comment = (overrides: Partial<Comment> = {}): Comment => ({
  id: 'c1',
  postId: 'p1',
  audioUrl: '/media/c1.webm',
  audioSources: [{ url: '/media/c1.webm', mimeType: 'audio/webm' }],
  duration: 3.2,
  waveformData: [0.2, 0.9, 0.5],
  speech: null,
  transcription: null,
  at: null,
  visitorName: null,
  visitorEmail: null,
  user: maya,
  createdAt: '2026-01-02T00:00:00.000Z',
  ...overrides,
});

describe('the visitor check (spec §5)', () => {
  it('stops when the name or the e-mail is blank, the e-mail quirk included', () => {
    expect(visitorDetailsMissing({ name: '', email: '' })).toBe(true);
    expect(visitorDetailsMissing({ name: 'Val', email: '' })).toBe(true);
    expect(visitorDetailsMissing({ name: '  ', email: 'val@example.com' })).toBe(true);
    expect(visitorDetailsMissing({ name: 'Val', email: 'val@example.com' })).toBe(false);
  });

  it('recognises plausible e-mail addresses', () => {
    expect(looksLikeEmail('val@example.com')).toBe(true);
    expect(looksLikeEmail(' val@example.com ')).toBe(true);
    expect(looksLikeEmail('val@example')).toBe(false);
    expect(looksLikeEmail('val example.com')).toBe(false);
  });
});

describe('the comment upload (spec §7)', () => {
  const blob = new Blob([new Uint8Array([1, 2, 3])], { type: 'audio/webm;codecs=opus' });

  it('sends audio as comment.webm with postId and duration, and no visitor fields when signed in', () => {
    const form = buildCommentForm({ postId: 'p1', blob, seconds: 2.345, mimeType: 'audio/webm;codecs=opus' });
    expect(form.get('postId')).toBe('p1');
    expect(form.get('duration')).toBe('2.3');
    expect((form.get('audio') as File).name).toBe('comment.webm');
    expect(form.has('visitorName')).toBe(false);
    expect(form.has('visitorEmail')).toBe(false);
  });

  it('adds the visitor’s trimmed name, and the e-mail only when given', () => {
    const withEmail = buildCommentForm({
      postId: 'p1',
      blob,
      seconds: 1,
      mimeType: 'audio/webm',
      visitor: { name: ' Val ', email: ' val@example.com ' },
    });
    expect(withEmail.get('visitorName')).toBe('Val');
    expect(withEmail.get('visitorEmail')).toBe('val@example.com');
    const withoutEmail = buildCommentForm({
      postId: 'p1',
      blob,
      seconds: 1,
      mimeType: 'audio/mp4',
      visitor: { name: 'Val', email: '' },
    });
    expect(withoutEmail.has('visitorEmail')).toBe(false);
    expect((withoutEmail.get('audio') as File).name).toBe('comment.m4a');
  });
});

describe('comments on screen', () => {
  it('counts replies in the spec’s words', () => {
    expect(repliesLabel(0)).toBe('(0 replies)');
    expect(repliesLabel(3)).toBe('(3 replies)');
  });

  it('names members by display name and visitors by the name they gave', () => {
    expect(commentAuthorName(comment())).toBe('Maya Okafor');
    expect(commentAuthorName(comment({ user: null, visitorName: 'Val' }))).toBe('Val');
    expect(commentAuthorName(comment({ user: null, visitorName: '  ' }))).toBe('Visitor');
  });

  it('lets the comment’s author and the post’s owner delete, nobody else', () => {
    expect(canDeleteComment(comment(), { userId: 'owner' }, 'u-maya')).toBe(true);
    expect(canDeleteComment(comment(), { userId: 'owner' }, 'owner')).toBe(true);
    expect(canDeleteComment(comment(), { userId: 'owner' }, 'someone')).toBe(false);
    expect(canDeleteComment(comment(), { userId: 'owner' }, null)).toBe(false);
    expect(canDeleteComment(comment({ user: null, visitorName: 'Val' }), { userId: 'owner' }, 'owner')).toBe(
      true,
    );
  });

  it('shapes a comment for the shared player, visitors included', () => {
    const playable = commentAsPlayable(comment({ user: null, visitorName: 'Val' }));
    expect(playable).toMatchObject({
      id: 'comment:c1',
      title: 'Voice reply from Val',
      duration: 3.2,
      waveformData: [0.2, 0.9, 0.5],
      peaksUrl: '',
      chapters: [],
    });
    expect(playable.user.username).toBe('Val');
    expect(commentAsPlayable(comment()).user).toBe(maya);
  });
});
