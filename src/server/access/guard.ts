import { ForbiddenError, NotFoundError } from '../errors';
import { can, VISITOR, type Action, type Actor, type Resource, type ResourceKind } from './policy';

export const POST_NOT_FOUND_MESSAGE = 'This post does not exist or is not shared with you.';
export const COMMENT_NOT_FOUND_MESSAGE = 'This comment does not exist or is not shared with you.';
export const MEDIA_NOT_FOUND_MESSAGE = 'No media is at this address, or it is not shared with you.';
export const CONVERSATION_NOT_FOUND_MESSAGE = 'This conversation does not exist or you are not in it.';
export const CONVERSATION_MESSAGE_NOT_FOUND_MESSAGE =
  'This message does not exist or is not shared with you.';

export const PERSON_NOT_FOUND_MESSAGE = 'No user has this id.';

const NOT_FOUND_MESSAGES: Record<ResourceKind, string> = {
  person: PERSON_NOT_FOUND_MESSAGE,
  'moderation-queue': 'Nothing is here.',
  post: POST_NOT_FOUND_MESSAGE,
  draft: POST_NOT_FOUND_MESSAGE,
  comment: COMMENT_NOT_FOUND_MESSAGE,
  audio: MEDIA_NOT_FOUND_MESSAGE,
  image: MEDIA_NOT_FOUND_MESSAGE,
  'voice-bio': 'This person has no voice bio.',
  conversation: CONVERSATION_NOT_FOUND_MESSAGE,
  'conversation-message': CONVERSATION_MESSAGE_NOT_FOUND_MESSAGE,
  'publish-request': 'This request to post a conversation does not exist or is not shared with you.',
  'push-subscription': 'None of your devices has this id: it may have been removed already.',
};

const ONLY_THE_AUTHOR = 'Only the author can change this post.';

/** The same words whichever of the two blocked the other, so the refusal never says who did. */
export const BLOCKED_MESSAGE = "You can't do that for this person.";
/** Said to whoever makes or grows a group; it names nobody, and not who blocked whom. */
export const GROUP_BLOCK_MESSAGE =
  "These people can't all be in one group: one of them blocks another. Leave one of them out.";

/** What someone who can see the thing is told when they may not do this to it. */
const FORBIDDEN_MESSAGES: { [K in ResourceKind]?: Partial<Record<Action, string>> } = {
  person: {
    report: 'You cannot report yourself.',
    moderate: 'Only moderators can do that, and not to their own account.',
    follow: BLOCKED_MESSAGE,
    reach: BLOCKED_MESSAGE,
  },
  post: {
    change: ONLY_THE_AUTHOR,
    delete: ONLY_THE_AUTHOR,
    comment: 'This post takes voice comments from members only. Sign in to reply.',
  },
  comment: {
    delete: 'Only the comment’s author or the post’s owner can delete it.',
    review: 'Only the post’s owner or a moderator can approve or reject a held comment.',
  },
  'voice-bio': {
    change: 'Only its owner can change a voice bio.',
    delete: 'Only its owner can delete a voice bio.',
  },
  conversation: { change: GROUP_BLOCK_MESSAGE },
  'conversation-message': { delete: 'You can delete only your own messages.' },
  'publish-request': {
    answer: 'You were not asked about this post: none of its voice messages is yours.',
    change: 'Only the person who asked can post or withdraw this request.',
  },
};

/** Refusals answered as if nothing were there: what someone does is not shown across a block, nor is the block. */
const NOT_THERE_ACTIONS: ReadonlySet<Action> = new Set(['view-activity', 'view-profile']);

/** The same refusal for every kind of thing. */
const FORBIDDEN_ACTIONS: Partial<Record<Action, string>> = {
  report: 'You cannot report your own content.',
  moderate: 'Only moderators can do that.',
};

/** The answer for something that is not there, or that the asker may not see: the same "nothing here". */
export const notFound = (kind: ResourceKind) => new NotFoundError(NOT_FOUND_MESSAGES[kind]);

/** Throws 404 when `actor` may not see the resource, as if it did not exist, and 403 when they may not act on it. */
export function authorize(actor: Actor, action: Action, resource: Resource): void {
  if (!can(actor, 'view', resource)) throw notFound(resource.kind);
  if (!can(actor, action, resource)) {
    if (NOT_THERE_ACTIONS.has(action)) throw notFound(resource.kind);
    throw new ForbiddenError(
      FORBIDDEN_MESSAGES[resource.kind]?.[action] ?? FORBIDDEN_ACTIONS[action] ?? 'You may not do that.',
    );
  }
}

/**
 * For what most requests see without signing in (public media): the actor is only looked up when a visitor may
 * not see it. Seeing is never narrower for a signed-in person than for a visitor, so that is the same answer.
 */
export async function authorizeView(actor: () => Promise<Actor>, resource: Resource): Promise<void> {
  if (!can(VISITOR, 'view', resource)) authorize(await actor(), 'view', resource);
}
