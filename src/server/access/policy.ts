import type { GroupAdds } from '@shared/domain/conversations';

/**
 * Who may do what to each kind of thing, in one table. Pure: the caller gathers the facts a rule needs. A new kind
 * (profiles, say) is a new resource type and a new row of `rules`.
 */

/**
 * Who is asking: a signed-in person, or a visitor with no session. `moderator` is set only where moderation is
 * possible (moderation routes, media serving); elsewhere a moderator is asked as the person they are.
 */
export type Actor = { kind: 'user'; userId: string; moderator?: boolean } | { kind: 'visitor' };

export const VISITOR: Actor = { kind: 'visitor' };

export const actorOf = (userId: string | undefined): Actor =>
  userId === undefined ? VISITOR : { kind: 'user', userId };

/** The signed-in person with their role: moderators may see and act on what is hidden. */
export const actorWithRole = (user: { id: string; role: string } | null | undefined): Actor =>
  user ? { kind: 'user', userId: user.id, moderator: user.role === 'moderator' } : VISITOR;

export type Action =
  | 'view'
  | 'change'
  | 'delete'
  | 'comment'
  | 'react'
  | 'view-commenter-email'
  | 'send'
  | 'publish'
  | 'report'
  /** Hide, remove, suspend, resolve reports: moderators alone. */
  | 'moderate'
  /** Approve or reject a visitor comment held for approval. */
  | 'review'
  /** A person: follow them. */
  | 'follow'
  /** A person: start a direct chat with them, add them to a group, send or post in their direct chat. */
  | 'reach'
  /** A person: see what they do (their stats). */
  | 'view-activity'
  /** A person: open their profile and voice bio. */
  | 'view-profile'
  /** Put a person into a group, new or existing (a direct chat is not a group). */
  | 'add-to-group'
  /** Agree or decline to a request to post a conversation one's voice is in. */
  | 'answer'
  /** A person: be told by push of what they did (the asker is the one told). */
  | 'be-notified-of';

/** A published post or episode; a private one exists only for its owner. */
export interface PostResource {
  kind: 'post';
  ownerId: string;
  isPrivate: boolean;
  allowsVisitorComments: boolean;
  /** Hidden by moderators, or its author suspended: there for its owner and moderators alone. */
  isHidden?: boolean;
  /** A block between the asker and its owner, either way (a fact access/ loads): not there for them. */
  blockedWithViewer?: boolean;
}

/** A draft or diary entry: always its owner's alone. */
export interface DraftResource {
  kind: 'draft';
  ownerId: string;
}

export interface CommentResource {
  kind: 'comment';
  /** Null for a visitor's comment. */
  authorId: string | null;
  post: PostResource | DraftResource;
  /** Hidden by moderators or its author suspended: there for its author and moderators alone. */
  isHidden?: boolean;
  /** A visitor's comment waiting for approval: there for the post's owner and moderators alone. */
  held?: boolean;
  /** A block between the asker and its author, either way: not there for them, as in the thread. */
  blockedWithViewer?: boolean;
}

/** A conversation exists only for its current members: anyone else, a former member too, learns nothing of it. */
export interface ConversationResource {
  kind: 'conversation';
  memberIds: readonly string[];
  /** Where people join (a group made or grown): whether any two of them stand on either side of a block. */
  blockWithin?: boolean;
}

/** A voice message: seen as its conversation is; deleted by its sender alone (spec §6). */
export interface ConversationMessageResource {
  kind: 'conversation-message';
  authorId: string;
  conversation: ConversationResource;
  isHidden?: boolean;
  /** A block between the asker and its sender, either way: neither hears the other, in a group too. */
  blockedWithViewer?: boolean;
}

/** A member's request to post a conversation: seen by its members, answered by those asked, settled by its asker. */
export interface PublishRequestResource {
  kind: 'publish-request';
  requesterId: string;
  askedIds: readonly string[];
  conversation: ConversationResource;
}

/** A stored audio file or image: it mirrors the visibility of the record it belongs to. */
export interface MediaResource {
  kind: 'audio' | 'image';
  ownerId: string;
  isPrivate: boolean;
  /**
   * The record private media belongs to: seen exactly as it is (a message by its conversation's current members, a
   * hidden one by its sender alone; a hidden comment by its author, not the post's owner; a hidden post's audio and
   * photo by moderators too, a private post's or a draft's by its owner alone; a suspended person's pictures and
   * voice bio by moderators). Without one, private media is its owner's alone.
   */
  record?: ConversationMessageResource | CommentResource | PostResource | DraftResource | PersonResource;
}

/** A person's voice bio: part of their public profile. */
export interface VoiceBioResource {
  kind: 'voice-bio';
  ownerId: string;
}

/** A person, as others see them: a suspended person is gone for everyone but moderators. */
export interface PersonResource {
  kind: 'person';
  userId: string;
  isSuspended: boolean;
  /** A block between the asker and this person, either way (access/people.ts loads it). */
  blockedWithViewer?: boolean;
  /** This person blocks the asker (one way: the blocker still sees whom they block, to unblock them). */
  blocksViewer?: boolean;
  /** Their setting for who may add them to a group, and whether they follow the asker (for `following`). */
  groupAdds?: GroupAdds;
  followsAsker?: boolean;
  /** The asker mutes this person (one way: what comes to the asker from them stays away). */
  mutedByViewer?: boolean;
}

/** A browser a person gets pushes on: theirs alone. */
export interface PushSubscriptionResource {
  kind: 'push-subscription';
  ownerId: string;
}

/** The open reports and the moderation log. */
export interface ModerationQueueResource {
  kind: 'moderation-queue';
}

export type Resource =
  | ModerationQueueResource
  | PersonResource
  | PostResource
  | DraftResource
  | CommentResource
  | MediaResource
  | VoiceBioResource
  | ConversationResource
  | ConversationMessageResource
  | PublishRequestResource
  | PushSubscriptionResource;
export type ResourceKind = Resource['kind'];

type Rule<R> = (actor: Actor, resource: R) => boolean;
type Rules = { [K in ResourceKind]: Partial<Record<Action, Rule<Extract<Resource, { kind: K }>>>> };

const isUser = (actor: Actor, userId: string | null) => actor.kind === 'user' && actor.userId === userId;
const ownerOnly: Rule<{ ownerId: string }> = (actor, resource) => isUser(actor, resource.ownerId);
const publicOrOwner: Rule<{ ownerId: string; isPrivate: boolean }> = (actor, resource) =>
  !resource.isPrivate || isUser(actor, resource.ownerId);
const isMember: Rule<ConversationResource> = (actor, conversation) =>
  actor.kind === 'user' && conversation.memberIds.includes(actor.userId);
const isModerator = (actor: Actor) => actor.kind === 'user' && actor.moderator === true;
const moderatorOnly: Rule<unknown> = (actor) => isModerator(actor);
/** Someone signed in reporting what is not their own (seeing it is checked by `can`). */
const reportOthers =
  <R>(authorOf: (resource: R) => string | null): Rule<R> =>
  (actor, resource) =>
    actor.kind === 'user' && !isUser(actor, authorOf(resource));
const mediaView: Rule<MediaResource> = (actor, media) =>
  media.record ? can(actor, 'view', media.record) : publicOrOwner(actor, media);
const heldFor = (actor: Actor, comment: CommentResource) =>
  isModerator(actor) || isUser(actor, comment.post.ownerId);

/** What is not in a row is refused. Every action but `view` also needs `view` (see `can`). */
const rules: Rules = {
  // Any signed-in person learns that it exists (403, not 404); only moderators read it.
  'moderation-queue': { view: (actor) => actor.kind === 'user', moderate: moderatorOnly },
  person: {
    view: (actor, person) => !person.isSuspended || isUser(actor, person.userId) || isModerator(actor),
    report: reportOthers((person) => person.userId),
    moderate: (actor, person) => isModerator(actor) && !isUser(actor, person.userId),
    // Blocks (issue 25), whichever of the two blocked: neither follows, reaches or watches the other.
    follow: (actor, person) =>
      actor.kind === 'user' && !isUser(actor, person.userId) && !person.blockedWithViewer,
    reach: (actor, person) => actor.kind === 'user' && !person.blockedWithViewer,
    'view-activity': (_actor, person) => !person.blockedWithViewer,
    // Someone a person blocks finds no profile of theirs, as if absent, like their posts.
    'view-profile': (actor, person) => !person.blocksViewer || isModerator(actor),
    // Nothing pushes across a block, from someone the asker mutes, or from oneself (`view`: nor a suspended person).
    'be-notified-of': (actor, person) =>
      actor.kind === 'user' &&
      !isUser(actor, person.userId) &&
      !person.blockedWithViewer &&
      !person.mutedByViewer,
    'add-to-group': (actor, person) =>
      actor.kind === 'user' &&
      (person.groupAdds === 'everyone' || (person.groupAdds === 'following' && person.followsAsker === true)),
  },
  post: {
    view: (actor, post) =>
      isUser(actor, post.ownerId) ||
      (!post.isPrivate && (!post.isHidden || isModerator(actor)) && !post.blockedWithViewer),
    change: ownerOnly,
    delete: (actor, post) => isUser(actor, post.ownerId) || isModerator(actor),
    comment: (actor, post) => actor.kind === 'user' || post.allowsVisitorComments,
    react: (actor) => actor.kind === 'user',
    report: reportOthers((post) => post.ownerId),
    moderate: moderatorOnly,
  },
  draft: {
    view: ownerOnly,
    change: ownerOnly,
    delete: ownerOnly,
    comment: ownerOnly,
    react: ownerOnly,
  },
  comment: {
    view: (actor, comment) =>
      can(actor, 'view', comment.post) &&
      (!comment.isHidden || isUser(actor, comment.authorId) || isModerator(actor)) &&
      (!comment.held || heldFor(actor, comment)) &&
      !comment.blockedWithViewer,
    delete: (actor, comment) =>
      isUser(actor, comment.authorId) || isUser(actor, comment.post.ownerId) || isModerator(actor),
    // A visitor leaves an email for the post's owner alone.
    'view-commenter-email': (actor, comment) => isUser(actor, comment.post.ownerId),
    report: reportOthers((comment) => comment.authorId),
    moderate: moderatorOnly,
    review: (actor, comment) => comment.held === true && heldFor(actor, comment),
  },
  audio: { view: mediaView },
  image: { view: mediaView },
  'voice-bio': { view: () => true, change: ownerOnly, delete: ownerOnly },
  // `change` adds people (to a group); `delete` is leaving it, for oneself.
  conversation: {
    view: isMember,
    send: isMember,
    // Nobody puts two people on either side of a block in one group (issue 25).
    change: (actor, conversation) => isMember(actor, conversation) && !conversation.blockWithin,
    delete: isMember,
    publish: isMember,
  },
  'conversation-message': {
    view: (actor, message) =>
      isModerator(actor) ||
      (isMember(actor, message.conversation) &&
        (!message.isHidden || isUser(actor, message.authorId)) &&
        !message.blockedWithViewer),
    delete: (actor, message) => isUser(actor, message.authorId) || isModerator(actor),
    // Into a post of the asker's: never a hidden message, nor the voice of someone who left or across a block.
    publish: (actor, message) =>
      isMember(actor, message.conversation) &&
      message.conversation.memberIds.includes(message.authorId) &&
      !message.isHidden &&
      !message.blockedWithViewer,
    report: reportOthers((message) => message.authorId),
    moderate: moderatorOnly,
  },
  'push-subscription': { view: ownerOnly, delete: ownerOnly },
  // Withdrawing it or posting it with the yeses so far (`change`) is its asker's alone.
  'publish-request': {
    view: (actor, request) => isMember(actor, request.conversation),
    answer: (actor, request) => actor.kind === 'user' && request.askedIds.includes(actor.userId),
    change: (actor, request) => isUser(actor, request.requesterId),
  },
};

export function can(actor: Actor, action: Action, resource: Resource): boolean {
  const rule = rules[resource.kind][action] as Rule<Resource> | undefined;
  const view = rules[resource.kind].view as Rule<Resource> | undefined;
  if (!rule || !view) return false;
  return view(actor, resource) && rule(actor, resource);
}
