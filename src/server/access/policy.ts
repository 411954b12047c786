/**
 * Who may do what to each kind of thing, in one table. Pure: the caller gathers the facts a rule needs. A new kind
 * (profiles, say) is a new resource type and a new row of `rules`.
 */

/** Who is asking: a signed-in person, or a visitor with no session. */
export type Actor = { kind: 'user'; userId: string } | { kind: 'visitor' };

export const VISITOR: Actor = { kind: 'visitor' };

export const actorOf = (userId: string | undefined): Actor =>
  userId === undefined ? VISITOR : { kind: 'user', userId };

export type Action =
  'view' | 'change' | 'delete' | 'comment' | 'react' | 'view-commenter-email' | 'send' | 'publish';

/** A published post or episode; a private one exists only for its owner. */
export interface PostResource {
  kind: 'post';
  ownerId: string;
  isPrivate: boolean;
  allowsVisitorComments: boolean;
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
}

/** A conversation exists only for its current members: anyone else, a former member too, learns nothing of it. */
export interface ConversationResource {
  kind: 'conversation';
  memberIds: readonly string[];
}

/** A voice message: seen as its conversation is; deleted by its sender alone (spec §6). */
export interface ConversationMessageResource {
  kind: 'conversation-message';
  authorId: string;
  conversation: ConversationResource;
}

/** A stored audio file or image: it mirrors the visibility of the record it belongs to. */
export interface MediaResource {
  kind: 'audio' | 'image';
  ownerId: string;
  isPrivate: boolean;
  /** A voice message's audio: there for the conversation's current members alone, its sender included. */
  conversation?: ConversationResource;
}

/** A person's voice bio: part of their public profile. */
export interface VoiceBioResource {
  kind: 'voice-bio';
  ownerId: string;
}

export type Resource =
  | PostResource
  | DraftResource
  | CommentResource
  | MediaResource
  | VoiceBioResource
  | ConversationResource
  | ConversationMessageResource;
export type ResourceKind = Resource['kind'];

type Rule<R> = (actor: Actor, resource: R) => boolean;
type Rules = { [K in ResourceKind]: Partial<Record<Action, Rule<Extract<Resource, { kind: K }>>>> };

const isUser = (actor: Actor, userId: string | null) => actor.kind === 'user' && actor.userId === userId;
const ownerOnly: Rule<{ ownerId: string }> = (actor, resource) => isUser(actor, resource.ownerId);
const publicOrOwner: Rule<{ ownerId: string; isPrivate: boolean }> = (actor, resource) =>
  !resource.isPrivate || isUser(actor, resource.ownerId);
const isMember: Rule<ConversationResource> = (actor, conversation) =>
  actor.kind === 'user' && conversation.memberIds.includes(actor.userId);
const mediaView: Rule<MediaResource> = (actor, media) =>
  media.conversation ? isMember(actor, media.conversation) : publicOrOwner(actor, media);

/** What is not in a row is refused. Every action but `view` also needs `view` (see `can`). */
const rules: Rules = {
  post: {
    view: publicOrOwner,
    change: ownerOnly,
    delete: ownerOnly,
    comment: (actor, post) => actor.kind === 'user' || post.allowsVisitorComments,
    react: (actor) => actor.kind === 'user',
  },
  draft: {
    view: ownerOnly,
    change: ownerOnly,
    delete: ownerOnly,
    comment: ownerOnly,
    react: ownerOnly,
  },
  comment: {
    view: (actor, comment) => can(actor, 'view', comment.post),
    delete: (actor, comment) => isUser(actor, comment.authorId) || isUser(actor, comment.post.ownerId),
    // A visitor leaves an email for the post's owner alone.
    'view-commenter-email': (actor, comment) => isUser(actor, comment.post.ownerId),
  },
  audio: { view: mediaView },
  image: { view: publicOrOwner },
  'voice-bio': { view: () => true, change: ownerOnly, delete: ownerOnly },
  // `change` adds people (to a group); `delete` is leaving it, for oneself.
  conversation: { view: isMember, send: isMember, change: isMember, delete: isMember, publish: isMember },
  'conversation-message': {
    view: (actor, message) => isMember(actor, message.conversation),
    delete: (actor, message) => isUser(actor, message.authorId),
  },
};

export function can(actor: Actor, action: Action, resource: Resource): boolean {
  const rule = rules[resource.kind][action] as Rule<Resource> | undefined;
  const view = rules[resource.kind].view as Rule<Resource> | undefined;
  if (!rule || !view) return false;
  return view(actor, resource) && rule(actor, resource);
}
