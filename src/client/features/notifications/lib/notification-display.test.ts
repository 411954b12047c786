import { describe, expect, it } from 'vitest';
import type { Notification } from '@shared/contract/social';
import { publicUserWith } from '@shared/domain/public-user';
import {
  newBadgeLabel,
  notificationHref,
  notificationKind,
  splitMessage,
  unreadCount,
} from './notification-display';

const actor = publicUserWith({
  id: 'u-b',
  firstName: 'Bea',
  lastName: 'Brown',
  username: 'bea',
  createdAt: '2026-01-01T00:00:00.000Z',
});

const notification = (overrides: Partial<Notification> = {}): Notification => ({
  id: 'n1',
  type: 'like',
  message: 'Bea Brown liked your post',
  read: false,
  postId: 'p 1',
  createdAt: '2026-01-02T00:00:00.000Z',
  user: actor,
  ...overrides,
});

describe('notification display (spec §2)', () => {
  it('links to the post, singular path, or to the follower’s profile', () => {
    expect(notificationHref(notification())).toBe('/post/p%201');
    expect(notificationHref(notification({ type: 'comment', postId: 'p2' }))).toBe('/post/p2');
    expect(notificationHref(notification({ type: 'follow', postId: null }))).toBe('/profile/u-b');
    expect(notificationHref(notification({ type: 'follow', postId: 'p2' }))).toBe('/profile/u-b');
    expect(notificationHref(notification({ type: 'repost', postId: null }))).toBe('/profile/u-b');
    expect(
      notificationHref(notification({ type: 'publish-request', postId: null, conversationId: 'c 1' })),
    ).toBe('/conversations/c%201');
  });

  it('knows the four types and calls anything else other', () => {
    expect(['like', 'comment', 'follow', 'repost', 'mention'].map(notificationKind)).toEqual([
      'like',
      'comment',
      'follow',
      'repost',
      'other',
    ]);
  });

  it('splits the actor’s name off the message', () => {
    expect(splitMessage(notification())).toEqual({ actor: 'Bea Brown', rest: ' liked your post' });
    expect(splitMessage(notification({ message: 'Something happened' }))).toEqual({
      actor: null,
      rest: 'Something happened',
    });
  });

  it('counts unread ones for the "N new" badge', () => {
    expect(unreadCount([notification(), notification({ read: true }), notification()])).toBe(2);
    expect(unreadCount(undefined)).toBe(0);
    expect(newBadgeLabel(3)).toBe('3 new');
  });
});
