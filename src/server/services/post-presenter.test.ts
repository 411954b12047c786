import { routes } from '@shared/contract/routes';
import { publicUserWith } from '@shared/domain/public-user';
import { describe, expect, it } from 'vitest';
import type { PostWithMedia } from '../db/queries/posts';
import { postsJson, toPost } from './post-presenter';

const author = publicUserWith({
  id: 'user-1',
  username: 'ada',
  firstName: 'Ada "the voice"',
  links: [{ title: 'Site', url: 'https://example.com' }],
  postCount: 2,
  createdAt: '2026-11-01T10:00:00.000Z',
});

function row(id: string, changes: Partial<PostWithMedia> = {}): PostWithMedia {
  return {
    id,
    user_id: author.id,
    type: 'post',
    is_draft: 0,
    is_private: 0,
    title: 'Morning <thoughts> & "quotes"',
    category: 'General',
    transcription: 'Line one\nline two',
    transcription_source: null,
    affiliate_link: null,
    affiliate_link_title: null,
    chapters_json: '[{"id":"chapter-1","title":"Intro","time":0}]',
    audio_id: `audio-${id}`,
    image_id: null,
    allow_visitor_comments: 0,
    listens: 0,
    listening_seconds: 0,
    trending_score: 0,
    hidden_at: null,
    is_hidden: 0,
    hold_visitor_comments: 0,
    created_at: '2026-11-21T10:00:00.000Z',
    updated_at: '2026-11-21T10:00:00.000Z',
    duration: 12.5,
    waveform_json: JSON.stringify([0.125, 1, 0.5, 0]),
    original_key: `audio/audio-${id}/original.webm`,
    original_mime: 'audio/webm',
    rendition_key: `audio/audio-${id}/speech.m4a`,
    rendition_mime: 'audio/mp4',
    speech_json: '[[0.1,4.5],[6,12.4]]',
    image_key: null,
    author_first_name: 'Ada "the voice"',
    author_last_name: null,
    author_username: 'ada',
    author_bio: null,
    author_links_json: '[{"title":"Site","url":"https://example.com"}]',
    author_profile_image_url: null,
    author_background_image_url: null,
    author_profile_image_position_x: 50,
    author_profile_image_position_y: 50,
    author_profile_image_zoom: 1,
    author_voice_bio_url: null,
    author_location: null,
    author_website: null,
    author_interests: null,
    author_post_count: 2,
    author_created_at: '2026-11-01T10:00:00.000Z',
    original_url: null,
    ...changes,
  };
}

describe('postsJson', () => {
  it('prints exactly what toPost gives, in the shape the list contract promises', () => {
    expect(toPost(row('post-1')).user).toEqual(author);
    const rows = [
      row('post-1'),
      row('post-2', {
        rendition_key: null,
        rendition_mime: null,
        image_key: 'images/cover.png',
        waveform_json: '[]',
      }),
      row('post-3', {
        type: 'diary',
        is_draft: 1,
        is_private: 1,
        is_hidden: 1,
        allow_visitor_comments: 1,
        hold_visitor_comments: 1,
        title: 'Tabs\tand \u2028 line separators, emoji 🎙️, a lone \ud800 and a backslash \\',
        transcription: null,
        affiliate_link: 'https://example.com/buy?x=1&y="2"',
        affiliate_link_title: 'Buy <it>',
        chapters_json: 'not JSON',
        duration: 60,
      }),
      row('post-4', {
        original_url: 'https://elsewhere.example/@alice/1',
      }),
    ];
    const listed: unknown = JSON.parse(postsJson(rows));

    expect(listed).toEqual(rows.map(toPost));
    expect(routes.feed.response.parse(listed)).toEqual(listed);
    // Byte for byte, keys in the same order: an answer made faster must not change.
    expect(postsJson(rows)).toBe(JSON.stringify(rows.map(toPost)));
  });

  it("splices a row's own extra fields in after the post's", () => {
    const rows = [row('post-1'), row('post-2')];
    const extraOf = (post: PostWithMedia) => (post.id === 'post-1' ? { match: 'title' } : undefined);
    expect(postsJson(rows, extraOf)).toBe(
      JSON.stringify([{ ...toPost(rows[0]!), match: 'title' }, toPost(rows[1]!)]),
    );
  });

  it('answers an empty page with an empty array', () => {
    expect(postsJson([])).toBe('[]');
  });
});
