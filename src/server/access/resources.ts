import type { AudioAssetRow, ImageRow, PostRow, UserRow } from '../db/schema';
import { can, VISITOR } from './policy';
import type {
  CommentResource,
  ConversationMessageResource,
  ConversationResource,
  DraftResource,
  MediaResource,
  PersonResource,
  PostResource,
} from './policy';

/** The facts the policy needs about a post row: a draft (diary entry) is a kind of its own. */
export function postResource(
  post: Pick<PostRow, 'user_id' | 'is_draft' | 'is_private' | 'allow_visitor_comments' | 'is_hidden'>,
  blockedWithViewer = false,
): PostResource | DraftResource {
  if (post.is_draft === 1) return { kind: 'draft', ownerId: post.user_id };
  return {
    kind: 'post',
    ownerId: post.user_id,
    isPrivate: post.is_private === 1,
    allowsVisitorComments: post.allow_visitor_comments === 1,
    isHidden: post.is_hidden === 1,
    blockedWithViewer,
  };
}

/** A post's audio and image are kept from visitors (never publicly cached) whenever a visitor may not see it. */
export const postMediaIsPrivate = (post: Parameters<typeof postResource>[0]): boolean =>
  !can(VISITOR, 'view', postResource(post));

/** `blocked`: whether a block stands between the asker and the comment's author, or its post's owner. */
export function commentResource(
  comment: { user_id: string | null; is_hidden: number; held: number },
  post: Parameters<typeof postResource>[0],
  blocked = { withAuthor: false, withPostOwner: false },
): CommentResource {
  return {
    kind: 'comment',
    authorId: comment.user_id,
    post: postResource(post, blocked.withPostOwner),
    isHidden: comment.is_hidden === 1,
    held: comment.held === 1,
    blockedWithViewer: blocked.withAuthor,
  };
}

export const personResource = (
  user: Pick<UserRow, 'id' | 'suspended_at'>,
  blockedWithViewer = false,
): PersonResource => ({
  kind: 'person',
  userId: user.id,
  isSuspended: user.suspended_at !== null,
  blockedWithViewer,
});

/** A person someone would put into a group: their setting decides, with whether they follow the asker. */
export const groupCandidateResource = (
  user: Pick<UserRow, 'id' | 'suspended_at' | 'group_adds'>,
  followsAsker: boolean,
): PersonResource => ({ ...personResource(user), groupAdds: user.group_adds, followsAsker });

/** `record`: the voice message or comment the audio belongs to, when that decides who may hear it. */
export function mediaResource(
  kind: MediaResource['kind'],
  media: Pick<AudioAssetRow | ImageRow, 'owner_id' | 'is_private'>,
  record?: MediaResource['record'],
): MediaResource {
  return {
    kind,
    ownerId: media.owner_id,
    isPrivate: media.is_private === 1,
    ...(record && { record }),
  };
}

export const conversationResource = (memberIds: readonly string[]): ConversationResource => ({
  kind: 'conversation',
  memberIds,
});

export function conversationMessageResource(
  message: { user_id: string; is_hidden?: number },
  conversation: ConversationResource,
  blockedWithViewer = false,
): ConversationMessageResource {
  return {
    kind: 'conversation-message',
    authorId: message.user_id,
    conversation,
    isHidden: message.is_hidden === 1,
    blockedWithViewer,
  };
}
