/**
 * Who may do what to each kind of thing, in one table. Pure: the caller gathers the facts a rule needs. A new kind
 * (profiles, conversations, messages) is a new resource type and a new row of `rules`.
 */

/** Who is asking: a signed-in person, or a visitor with no session. */
export type Actor = { kind: 'user'; userId: string } | { kind: 'visitor' };

export const VISITOR: Actor = { kind: 'visitor' };

export const actorOf = (userId: string | undefined): Actor =>
  userId === undefined ? VISITOR : { kind: 'user', userId };

export type Action = 'view' | 'change' | 'delete' | 'comment' | 'react' | 'view-commenter-email';

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

/** A stored audio file or image: it mirrors the visibility of the record it belongs to. */
export interface MediaResource {
  kind: 'audio' | 'image';
  ownerId: string;
  isPrivate: boolean;
}

/** A person's voice bio: part of their public profile. */
export interface VoiceBioResource {
  kind: 'voice-bio';
  ownerId: string;
}

export type Resource = PostResource | DraftResource | CommentResource | MediaResource | VoiceBioResource;
export type ResourceKind = Resource['kind'];

type Rule<R> = (actor: Actor, resource: R) => boolean;
type Rules = { [K in ResourceKind]: Partial<Record<Action, Rule<Extract<Resource, { kind: K }>>>> };

const isUser = (actor: Actor, userId: string | null) => actor.kind === 'user' && actor.userId === userId;
const ownerOnly: Rule<{ ownerId: string }> = (actor, resource) => isUser(actor, resource.ownerId);
const publicOrOwner: Rule<{ ownerId: string; isPrivate: boolean }> = (actor, resource) =>
  !resource.isPrivate || isUser(actor, resource.ownerId);

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
  audio: { view: publicOrOwner },
  image: { view: publicOrOwner },
  'voice-bio': { view: () => true, change: ownerOnly, delete: ownerOnly },
};

export function can(actor: Actor, action: Action, resource: Resource): boolean {
  const rule = rules[resource.kind][action] as Rule<Resource> | undefined;
  const view = rules[resource.kind].view as Rule<Resource> | undefined;
  if (!rule || !view) return false;
  return view(actor, resource) && rule(actor, resource);
}
