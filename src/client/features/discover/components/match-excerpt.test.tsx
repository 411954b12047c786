import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MatchExcerpt } from './match-excerpt';

afterEach(cleanup);

describe('where a found post matched', () => {
  const post = { id: 'p1', title: 'Walk notes' };

  it('links a match in the transcript to the moment its word is said', () => {
    const match = {
      field: 'transcription' as const,
      excerpt: 'better than i hoped',
      highlights: [],
      at: 73.6,
    };
    render(<MatchExcerpt match={match} post={post} />);
    const link = screen.getByRole('link', { name: 'Play from 1:13, in Walk notes' });
    expect(link.getAttribute('href')).toBe('/posts/p1?t=73');
  });

  it('links nowhere for a match in the title', () => {
    render(
      <MatchExcerpt match={{ field: 'title', excerpt: 'Walk notes', highlights: [[0, 4]] }} post={post} />,
    );
    expect(screen.queryByRole('link')).toBeNull();
  });
});
