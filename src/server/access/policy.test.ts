import { describe, expect, it } from 'vitest';
import { actorOf, can, VISITOR, type Action, type Resource } from './policy';

const owner = actorOf('owner');
const other = actorOf('other');

const publicPost: Resource = {
  kind: 'post',
  ownerId: 'owner',
  isPrivate: false,
  allowsVisitorComments: false,
};
const openPost: Resource = { ...publicPost, allowsVisitorComments: true };
const privatePost: Resource = { ...publicPost, isPrivate: true };
const draft: Resource = { kind: 'draft', ownerId: 'owner' };
// The "owner" of a comment is its author; the post is someone else's.
const commentOnPublic: Resource = {
  kind: 'comment',
  authorId: 'owner',
  post: { ...publicPost, ownerId: 'post-owner' },
};
const commentOnDraft: Resource = { kind: 'comment', authorId: 'owner', post: draft };
const publicAudio: Resource = { kind: 'audio', ownerId: 'owner', isPrivate: false };
const privateAudio: Resource = { ...publicAudio, isPrivate: true };
const privateImage: Resource = { kind: 'image', ownerId: 'owner', isPrivate: true };
const voiceBio: Resource = { kind: 'voice-bio', ownerId: 'owner' };
// "owner" is in the conversation and sent the message; "other" is not in it (or has left).
const conversation: Resource = { kind: 'conversation', memberIds: ['owner', 'member'] };
const message: Resource = { kind: 'conversation-message', authorId: 'owner', conversation };
const othersMessage: Resource = { ...message, authorId: 'member' };
const messageAudio: Resource = { ...privateAudio, record: message };
const othersMessageAudio: Resource = { ...privateAudio, ownerId: 'member', record: othersMessage };

// [resource, action, owner, other user, visitor]
const table: Array<[string, Resource, Action, boolean, boolean, boolean]> = [
  ['public post', publicPost, 'view', true, true, true],
  ['public post', publicPost, 'change', true, false, false],
  ['public post', publicPost, 'delete', true, false, false],
  ['public post', publicPost, 'comment', true, true, false],
  ['public post', publicPost, 'react', true, true, false],
  ['post open to visitors', openPost, 'comment', true, true, true],
  ['private post', privatePost, 'view', true, false, false],
  ['private post', privatePost, 'change', true, false, false],
  ['private post', privatePost, 'comment', true, false, false],
  ['private post', privatePost, 'react', true, false, false],
  ['draft', draft, 'view', true, false, false],
  ['draft', draft, 'change', true, false, false],
  ['draft', draft, 'delete', true, false, false],
  ['draft', draft, 'comment', true, false, false],
  ['comment on a public post', commentOnPublic, 'view', true, true, true],
  ['comment on a public post', commentOnPublic, 'delete', true, false, false],
  ['comment on a public post', commentOnPublic, 'change', false, false, false],
  ['comment on a public post', commentOnPublic, 'view-commenter-email', false, false, false],
  ['comment on a draft', commentOnDraft, 'view', true, false, false],
  ['comment on a draft', commentOnDraft, 'delete', true, false, false],
  ['public audio', publicAudio, 'view', true, true, true],
  ['public audio', publicAudio, 'delete', false, false, false],
  ['private audio', privateAudio, 'view', true, false, false],
  ['private image', privateImage, 'view', true, false, false],
  ['voice bio', voiceBio, 'view', true, true, true],
  ['voice bio', voiceBio, 'change', true, false, false],
  ['voice bio', voiceBio, 'delete', true, false, false],
  ['voice bio', voiceBio, 'comment', false, false, false],
  ['conversation', conversation, 'view', true, false, false],
  ['conversation', conversation, 'send', true, false, false],
  ['conversation', conversation, 'change', true, false, false],
  ['conversation', conversation, 'delete', true, false, false],
  ['conversation', conversation, 'publish', true, false, false],
  ['conversation', conversation, 'comment', false, false, false],
  ['own message', message, 'view', true, false, false],
  ['own message', message, 'delete', true, false, false],
  ['another member’s message', othersMessage, 'view', true, false, false],
  ['another member’s message', othersMessage, 'delete', false, false, false],
  ['own message’s audio', messageAudio, 'view', true, false, false],
  ['another member’s message audio', othersMessageAudio, 'view', true, false, false],
];

describe('the access policy', () => {
  it.each(table)('%s: %s is owner %s, other %s, visitor %s', (_name, resource, action, ...expected) => {
    expect([owner, other, VISITOR].map((actor) => can(actor, action, resource))).toEqual(expected);
  });

  it('shows a message’s audio to current members only, never to its sender once they have left', () => {
    const left: Resource = {
      ...messageAudio,
      record: { ...message, conversation: { kind: 'conversation', memberIds: ['member'] } },
    };
    expect(can(owner, 'view', left)).toBe(false);
    expect(can(actorOf('member'), 'view', left)).toBe(true);
  });

  it('lets nobody but a moderator moderate: not the owner, another person or a visitor', () => {
    const moderator = { kind: 'user', userId: 'moderator', moderator: true } as const;
    const person: Resource = { kind: 'person', userId: 'owner', isSuspended: false };
    const queue: Resource = { kind: 'moderation-queue' };
    for (const resource of [publicPost, commentOnPublic, message, person, queue]) {
      expect([owner, other, VISITOR].map((actor) => can(actor, 'moderate', resource))).toEqual([
        false,
        false,
        false,
      ]);
    }
    for (const resource of [publicPost, commentOnPublic, person, queue]) {
      expect(can(moderator, 'moderate', resource)).toBe(true);
    }
    // Not their own account; and the role says nothing outside moderation (a conversation stays its members').
    expect(can(moderator, 'moderate', { ...person, userId: 'moderator' })).toBe(false);
    expect(can(moderator, 'view', conversation)).toBe(false);
    expect(can(moderator, 'view', privateAudio)).toBe(false);
  });

  it('lets a signed-in person report what they see and is not theirs', () => {
    const person: Resource = { kind: 'person', userId: 'owner', isSuspended: false };
    for (const resource of [publicPost, person, othersMessage]) {
      expect(can(owner, 'report', resource)).toBe(resource === othersMessage);
      expect(can(VISITOR, 'report', resource)).toBe(false);
    }
    expect(can(other, 'report', publicPost)).toBe(true);
    expect(can(other, 'report', privatePost)).toBe(false);
    expect(can(other, 'report', othersMessage)).toBe(false);
  });

  it('shows hidden things to their owner and moderators alone, held replies to the post’s owner', () => {
    const moderator = { kind: 'user', userId: 'moderator', moderator: true } as const;
    const hiddenPost: Resource = { ...publicPost, isHidden: true };
    expect([owner, other, VISITOR, moderator].map((actor) => can(actor, 'view', hiddenPost))).toEqual([
      true,
      false,
      false,
      true,
    ]);
    const hiddenComment: Resource = { ...commentOnPublic, isHidden: true };
    const postOwner = actorOf('post-owner');
    expect([owner, postOwner, other, moderator].map((actor) => can(actor, 'view', hiddenComment))).toEqual([
      true,
      false,
      false,
      true,
    ]);
    const held: Resource = { ...commentOnPublic, authorId: null, held: true };
    expect([postOwner, other, VISITOR, moderator].map((actor) => can(actor, 'view', held))).toEqual([
      true,
      false,
      false,
      true,
    ]);
    expect([postOwner, other, moderator].map((actor) => can(actor, 'review', held))).toEqual([
      true,
      false,
      true,
    ]);
    expect(can(postOwner, 'review', commentOnPublic)).toBe(false);
    const hiddenMessage: Resource = { ...othersMessage, isHidden: true };
    expect([owner, actorOf('member')].map((actor) => can(actor, 'view', hiddenMessage))).toEqual([
      false,
      true,
    ]);
  });

  it('serves the audio of a hidden message or comment to its sender or author and moderators alone', () => {
    const moderator = { kind: 'user', userId: 'moderator', moderator: true } as const;
    const hiddenMessageAudio: Resource = {
      ...privateAudio,
      ownerId: 'member',
      record: { ...othersMessage, isHidden: true },
    };
    expect(
      [actorOf('member'), owner, other, moderator].map((actor) => can(actor, 'view', hiddenMessageAudio)),
    ).toEqual([true, false, false, true]);
    // A comment's audio is stored as the post owner's: the comment, not the file's owner, decides.
    const hiddenCommentAudio: Resource = {
      ...privateAudio,
      ownerId: 'post-owner',
      record: { ...commentOnPublic, isHidden: true },
    };
    expect(
      [owner, actorOf('post-owner'), other, VISITOR, moderator].map((actor) =>
        can(actor, 'view', hiddenCommentAudio),
      ),
    ).toEqual([true, false, false, false, true]);
  });

  it('lets the post’s owner delete any comment on it and see a visitor’s email', () => {
    const postOwner = actorOf('post-owner');
    expect(can(postOwner, 'delete', commentOnPublic)).toBe(true);
    expect(can(postOwner, 'view-commenter-email', commentOnPublic)).toBe(true);
  });

  it('parts two people on either side of a block, whoever blocked: no follow, reach, activity, post or voice', () => {
    const person: Resource = { kind: 'person', userId: 'owner', isSuspended: false, blockedWithViewer: true };
    expect(can(other, 'view', person)).toBe(true);
    for (const action of ['follow', 'reach', 'view-activity'] as const) {
      expect(can(other, action, person)).toBe(false);
      expect(can(other, action, { ...person, blockedWithViewer: false })).toBe(true);
    }
    expect(can(owner, 'follow', { ...person, blockedWithViewer: false })).toBe(false);
    expect(can(other, 'view', { ...publicPost, blockedWithViewer: true })).toBe(false);
    expect(can(owner, 'view', { ...publicPost, blockedWithViewer: true })).toBe(true);
    const member = actorOf('member');
    expect(can(member, 'view', { ...message, blockedWithViewer: true })).toBe(false);
    expect(can(member, 'view', { ...privateAudio, record: { ...message, blockedWithViewer: true } })).toBe(
      false,
    );
    expect(can(member, 'view', messageAudio)).toBe(true);
    expect(can(owner, 'change', { ...conversation, blockWithin: true })).toBe(false);
    expect(can(owner, 'change', { ...conversation, blockWithin: false })).toBe(true);
  });

  it('keeps a profile from the one its owner blocks, and a comment from whoever stands across a block with its author', () => {
    const person: Resource = { kind: 'person', userId: 'owner', isSuspended: false };
    expect(can(other, 'view-profile', person)).toBe(true);
    expect(can(other, 'view-profile', { ...person, blocksViewer: true })).toBe(false);
    expect(can(other, 'view', { ...commentOnPublic, blockedWithViewer: true })).toBe(false);
    expect(can(other, 'report', { ...commentOnPublic, blockedWithViewer: true })).toBe(false);
    expect(can(other, 'view', commentOnPublic)).toBe(true);
  });

  it('shows moderators the media of what is hidden, never of what its owner keeps private', () => {
    const moderator = { kind: 'user', userId: 'moderator', moderator: true } as const;
    const hiddenPost: Resource = { ...publicPost, isHidden: true };
    const suspended: Resource = { kind: 'person', userId: 'owner', isSuspended: true };
    for (const record of [hiddenPost, suspended, { ...commentOnPublic, isHidden: true }]) {
      expect(can(moderator, 'view', { ...privateImage, record })).toBe(true);
      expect(can(moderator, 'view', { ...privateAudio, record })).toBe(true);
      expect(can(other, 'view', { ...privateAudio, record })).toBe(false);
    }
    for (const record of [privatePost, draft, commentOnDraft, { ...hiddenPost, isPrivate: true }]) {
      expect(can(moderator, 'view', { ...privateImage, record })).toBe(false);
      expect(can(moderator, 'view', { ...privateAudio, record })).toBe(false);
      expect(can(owner, 'view', { ...privateAudio, record })).toBe(true);
    }
  });
});
