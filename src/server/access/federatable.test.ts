import { describe, expect, it } from 'vitest';
import { mayFederateReply } from './federatable';

const ours = { id: 'ours', suspended_at: null, remote_actor_id: null };
const theirs = { id: 'theirs', suspended_at: null, remote_actor_id: 'actor-1' };
const remotePost = {
  user_id: 'theirs',
  is_draft: 0,
  is_private: 0,
  allow_visitor_comments: 0,
  is_hidden: 0,
};
const comment = { user_id: 'ours', is_hidden: 0, held: 0 };

describe('a voice comment as a reply to another server', () => {
  it('goes when one of our people answers a remote person’s post', () => {
    expect(mayFederateReply(comment, remotePost, ours, theirs)).toBe(true);
  });

  it('never goes on our own people’s posts, hidden, from a suspended or remote commenter, or not theirs', () => {
    const ourPost = { ...remotePost, user_id: 'ours-too' };
    const ourAuthor = { ...ours, id: 'ours-too' };
    expect(mayFederateReply(comment, ourPost, ours, ourAuthor)).toBe(false);
    expect(mayFederateReply({ ...comment, is_hidden: 1 }, remotePost, ours, theirs)).toBe(false);
    expect(mayFederateReply(comment, { ...remotePost, is_hidden: 1 }, ours, theirs)).toBe(false);
    expect(mayFederateReply(comment, remotePost, { ...ours, suspended_at: '2026-11-29' }, theirs)).toBe(
      false,
    );
    const remoteCommenter = { ...theirs, id: 'ours' };
    expect(mayFederateReply(comment, remotePost, remoteCommenter, theirs)).toBe(false);
    expect(mayFederateReply({ ...comment, user_id: 'someone' }, remotePost, ours, theirs)).toBe(false);
    expect(mayFederateReply(comment, remotePost, ours, { ...theirs, id: 'another' })).toBe(false);
  });
});
