import type { ReactNode } from 'react';
import type { Post } from '@shared/contract/posts';
import { usePostSearch } from '../api/search';
import { MatchExcerpt } from './match-excerpt';
import { SearchResults } from './search-results';

/** Found posts as the page's post cards, each with where it matched when the server says. */
export function PostResults({ query, renderPost }: { query: string; renderPost: (post: Post) => ReactNode }) {
  const result = usePostSearch(query);
  return (
    <SearchResults query={query} noun="post" result={result}>
      {(posts) => (
        <ul aria-label="Posts found" className="grid grid-cols-2 gap-x-3 gap-y-6 sm:grid-cols-3 sm:gap-x-5">
          {posts.map((post) => (
            <li key={post.id} className="min-w-0 space-y-2">
              {renderPost(post)}
              {post.match && <MatchExcerpt match={post.match} post={post} />}
            </li>
          ))}
        </ul>
      )}
    </SearchResults>
  );
}
