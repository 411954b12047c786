import { UserRound } from 'lucide-react';
import { ComingSoon } from '@client/components/coming-soon';
import { useAuth } from '@client/lib/use-auth';

/** `/profile` is one's own; `/profile/:userId` anyone's, one's own included. */
export function ProfilePage({ userId }: { userId?: string }) {
  const { user } = useAuth();
  const own = userId === undefined || userId === user?.id;
  return (
    <ComingSoon
      icon={UserRound}
      title="Profile"
      description={own ? 'How others see and hear you.' : 'Get to know the voice behind the posts.'}
      preview={
        own
          ? 'Your voice posts, pods, voice bio and followers will live here.'
          : 'Their voice posts, pods, voice bio and followers will live here.'
      }
    />
  );
}
