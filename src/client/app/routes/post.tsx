import { AudioLines } from 'lucide-react';
import { ComingSoon } from '@client/components/coming-soon';

/** Serves both `/posts/:id` (share links) and `/post/:id` (notification links). */
export function PostPage() {
  return (
    <ComingSoon
      icon={AudioLines}
      title="Voice Post"
      description="Listen, react and reply by voice."
      preview="The player, transcript, chapters and voice replies for this post are on their way."
    />
  );
}
