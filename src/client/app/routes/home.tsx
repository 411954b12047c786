import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import type { Post } from '@shared/contract/posts';
import { displayName } from '@shared/domain/display-name';
import { Skeleton } from '@client/components/ui/skeleton';
import { AiSuggestionBox } from '@client/features/feed/components/ai-suggestion-box';
import { DiscoverVoicesSection } from '@client/features/feed/components/discover-voices-section';
import { FeedError } from '@client/features/feed/components/feed-error';
import { HomeSkeleton } from '@client/features/feed/components/home-skeleton';
import { NewPodsSection } from '@client/features/feed/components/new-pods-section';
import { NewPostsSection } from '@client/features/feed/components/new-posts-section';
import { RecentActivityStrip } from '@client/features/feed/components/recent-activity-strip';
import { RecorderSection } from '@client/features/feed/components/recorder-section';
import { StoryStrip } from '@client/features/feed/components/story-strip';
import { WelcomeBanner } from '@client/features/feed/components/welcome-banner';
import { useFeed, usePostList, useUserList } from '@client/features/feed/api/home-data';
import { useHomeTopic } from '@client/features/feed/hooks/use-home-topic';
import { useMediaQuery } from '@client/features/feed/hooks/use-media-query';
import {
  newPodsFrom,
  newPostsFrom,
  recentActivityFrom,
  storiesFrom,
  suggestedUsersFrom,
} from '@client/features/feed/lib/home-feed';
import { PostCard } from '@client/features/posts/components/post-card';
import { FollowButton } from '@client/features/social/components/follow-button';
import { useAuth } from '@client/lib/use-auth';
import { usePostDialogs, usePostRenderers } from '@client/app/compositions/post-views';
import { RecorderEditor } from '@client/app/compositions/draft-editor';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { consumePendingEditDraft, usePendingEditDraft } from '@client/lib/pending-edit-draft';
import { useSharedAudio } from '@client/lib/shared-audio';

const RecorderPanel = lazy(() =>
  import('@client/features/recorder/components/recorder-panel').then((module) => ({
    default: module.RecorderPanel,
  })),
);

// Dialogs load when first opened.
const StoryViewerDialog = lazy(() =>
  import('@client/features/feed/components/story-viewer-dialog').then((module) => ({
    default: module.StoryViewerDialog,
  })),
);
const CreateWithIdeaDialog = lazy(() =>
  import('@client/features/feed/components/create-with-idea-dialog').then((module) => ({
    default: module.CreateWithIdeaDialog,
  })),
);

const EMPTY: Post[] = [];

interface ShareRecorderRequest {
  title?: string;
  type?: 'post' | 'episode';
  token?: number;
}

function RecorderFallback() {
  return (
    <div role="status" aria-label="Loading the recorder" className="space-y-3">
      <Skeleton className="h-12 w-full rounded-2xl" />
      <Skeleton className="h-11 w-40 rounded-full" />
    </div>
  );
}

function focusShareRecorder() {
  const section = document.getElementById('share-your-voice');
  section?.scrollIntoView({ behavior: 'smooth', block: 'center' });
  section?.querySelector<HTMLElement>('input, button')?.focus({ preventScroll: true });
}

/** Spec §2 Home. */
export function HomePage() {
  const { user } = useAuth();
  useDocumentTitle('Home');
  const wide = useMediaQuery('(min-width: 80rem)');

  const feedQuery = useFeed();
  const postsQuery = usePostList();
  const usersQuery = useUserList();

  const [storyAt, setStoryAt] = useState<{ story: number; item: number } | null>(null);
  const [idea, setIdea] = useState<string | null>(null);
  const [share, setShare] = useState<ShareRecorderRequest>({});
  // Spec §2: a draft handed over from the drafts screen opens the voice-draft recorder for editing.
  const pendingEditDraft = usePendingEditDraft();
  // An audio file shared from another app (the manifest's share target) opens in the recorder's Upload flow.
  const sharedAudio = useSharedAudio();

  const feed = feedQuery.data ?? EMPTY;
  const stories = useMemo(() => storiesFrom(feed), [feed]);
  const recent = useMemo(() => recentActivityFrom(feed), [feed]);
  const newPosts = useMemo(() => newPostsFrom(feed), [feed]);
  const pods = useMemo(() => newPodsFrom(feed), [feed]);
  const voices = useMemo(
    () => suggestedUsersFrom([feed, postsQuery.data ?? EMPTY], user?.id, usersQuery.data ?? []),
    [feed, postsQuery.data, user?.id, usersQuery.data],
  );

  const startRecording = useCallback((title: string, type: 'post' | 'episode' = 'post') => {
    setIdea(null);
    setShare({ title, type, token: Date.now() });
    requestAnimationFrame(() =>
      document.getElementById('share-your-voice')?.scrollIntoView({ behavior: 'smooth', block: 'center' }),
    );
  }, []);

  // Spec §2: a topic from `?topic=` or the aiSuggestionSelected event preselects what to record about.
  useHomeTopic(
    useCallback((topic: string) => {
      setShare((previous) => ({ ...previous, title: topic }));
      setIdea(topic);
    }, []),
  );

  const renderers = usePostRenderers();
  const { renderPlayer, renderActions, renderAuthorName } = renderers;
  const postDialogs = usePostDialogs(renderers);
  const renderFullPost = (post: Post) => (
    <PostCard
      post={post}
      currentUserId={user?.id}
      renderPlayer={renderPlayer}
      renderActions={renderActions}
      renderAuthorName={renderAuthorName}
      onExtend={postDialogs.extend}
      bare
    />
  );

  const shareRecorder = (
    <RecorderSection id="share-your-voice" title="Share Your Voice">
      <Suspense fallback={<RecorderFallback />}>
        <RecorderPanel
          mode="share"
          allowTypeSelection
          initialTitle={share.title}
          initialType={share.type}
          startToken={share.token}
          editor={RecorderEditor}
          sharedFile={sharedAudio.file}
          onSharedFileOpened={sharedAudio.done}
        />
      </Suspense>
    </RecorderSection>
  );
  const draftsRecorder = (
    <RecorderSection id="voice-drafts" title="Voice Drafts">
      <Suspense fallback={<RecorderFallback />}>
        <RecorderPanel
          mode="diary"
          editDraft={pendingEditDraft}
          onEditDraftOpened={consumePendingEditDraft}
          editor={RecorderEditor}
        />
      </Suspense>
    </RecorderSection>
  );
  const suggestion = <AiSuggestionBox onRecord={(topic) => startRecording(topic)} onMoreOptions={setIdea} />;
  const discover = (
    <DiscoverVoicesSection
      users={voices}
      renderFollow={(person) => <FollowButton userId={person.id} userName={displayName(person)} />}
    />
  );

  const feedContent = feedQuery.isPending ? (
    <HomeSkeleton />
  ) : feedQuery.isError ? (
    <FeedError onRetry={() => void feedQuery.refetch()} retrying={feedQuery.isFetching} />
  ) : (
    <>
      <NewPostsSection
        posts={newPosts}
        onCreateFirst={focusShareRecorder}
        renderPost={postDialogs.renderCompactCard}
      />
      <NewPodsSection
        pods={pods}
        onOpen={postDialogs.open}
        renderPlay={(post) => renderPlayer(post, { variant: 'mini', appearance: 'overlay' })}
      />
    </>
  );

  return (
    <div className="space-y-8">
      <WelcomeBanner name={displayName(user)} />

      <div className="xl:grid xl:grid-cols-[18rem_minmax(0,1fr)] xl:items-start xl:gap-8">
        {wide && (
          <aside aria-label="Ideas and people" className="space-y-8">
            {suggestion}
            {draftsRecorder}
            {discover}
          </aside>
        )}

        <div className="min-w-0 space-y-10">
          {!feedQuery.isPending && !feedQuery.isError && (
            <div className="space-y-6">
              <StoryStrip
                stories={stories}
                onOpen={(story) => setStoryAt({ story: stories.indexOf(story), item: 0 })}
              />
              <RecentActivityStrip items={recent} onOpen={postDialogs.open} />
            </div>
          )}
          {!wide && suggestion}
          {shareRecorder}
          {!wide && draftsRecorder}
          {feedContent}
          {!wide && discover}
        </div>
      </div>

      {postDialogs.dialogs}
      <Suspense fallback={null}>
        {storyAt && (
          <StoryViewerDialog
            stories={stories}
            position={storyAt}
            onPositionChange={setStoryAt}
            renderPost={renderFullPost}
          />
        )}
        {idea !== null && (
          <CreateWithIdeaDialog
            idea={idea}
            onOpenChange={(open) => !open && setIdea(null)}
            onCreate={(text, type) => startRecording(text, type)}
          />
        )}
      </Suspense>
    </div>
  );
}
