import { Loader2 } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { displayName } from '@shared/domain/display-name';
import { usePostDialogs, usePostRenderers } from '@client/app/compositions/post-views';
import { AudioPlayer } from '@client/features/player/components/audio-player';
import { PostCardCompact } from '@client/features/posts/components/post-card-compact';
import { ProfileView } from '@client/features/profile/components/profile-view';
import { FollowButton } from '@client/features/social/components/follow-button';
import { useAuth } from '@client/lib/use-auth';
import { RecorderEditor } from '@client/app/compositions/draft-editor';

const RecorderPanel = lazy(() =>
  import('@client/features/recorder/components/recorder-panel').then((module) => ({
    default: module.RecorderPanel,
  })),
);

function RecorderFallback() {
  return (
    <div role="status" aria-label="Loading the recorder" className="flex h-24 items-center justify-center">
      <Loader2 className="size-6 animate-spin text-muted-foreground" aria-hidden="true" />
    </div>
  );
}

/** `/profile` is one's own; `/profile/:userId` anyone's, one's own included. */
export function ProfilePage({ userId }: { userId?: string }) {
  const { user } = useAuth();
  const profileId = userId ?? user?.id;
  // Signed-in routes only: the session is known here. A new profile starts afresh (dialogs closed, at the top).
  if (!profileId) return null;
  return <ProfileScreen key={profileId} userId={profileId} own={profileId === user?.id} />;
}

/** Spec §2 Profile: the profile feature, with the Follow button, the shared player and reactions put in. */
function ProfileScreen({ userId, own }: { userId: string; own: boolean }) {
  const { user } = useAuth();
  const renderers = usePostRenderers();
  const posts = usePostDialogs(renderers);
  return (
    <>
      <ProfileView
        userId={userId}
        own={own}
        renderFollow={(person, placement) => (
          <FollowButton
            userId={person.id}
            userName={displayName(person)}
            size={placement === 'header' ? 'default' : 'sm'}
          />
        )}
        renderVoiceBioPlayer={(voiceBio) => (
          <AudioPlayer post={voiceBio} variant="compact" waveformHeight={40} />
        )}
        renderPost={(post) => (
          <PostCardCompact
            post={post}
            currentUserId={user?.id}
            renderPlayer={renderers.renderPlayer}
            renderActions={renderers.renderCardActions}
            onOpen={posts.open}
            onExtend={posts.extend}
            showAuthor={false}
          />
        )}
        content={{
          renderPodPlay: (pod) => renderers.renderPlayer(pod, { variant: 'mini', appearance: 'overlay' }),
          onOpenPost: posts.open,
          renderRecorder: ({ title, token }, onEnd) => (
            <Suspense fallback={<RecorderFallback />}>
              <RecorderPanel
                mode="share"
                allowTypeSelection
                initialTitle={title}
                startToken={token}
                editor={RecorderEditor}
                onSessionEnd={(how) => onEnd(how === 'published')}
              />
            </Suspense>
          ),
        }}
      />
      {posts.dialogs}
    </>
  );
}
