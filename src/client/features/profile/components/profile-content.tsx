import { useQueryClient } from '@tanstack/react-query';
import { AudioLines, Mic } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import type { Post } from '@shared/contract/posts';
import type { PublicUser } from '@shared/contract/users';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@client/components/ui/tabs';
import { profileStatsQueryOptions } from '../api/profile-stats';
import { profileUserQueryOptions } from '../api/user';
import { useProfileTab } from '../hooks/use-profile-tab';
import { PROFILE_TABS, profileTabFrom } from '../lib/profile-tab';
import { CreateContentBox } from './create-content-box';
import { ProfileAbout } from './profile-about';
import { ProfileCategories } from './profile-categories';
import { ProfileEmpty } from './profile-empty';
import { ProfilePods } from './profile-pods';
import { ProfilePosts } from './profile-posts';

/** A request to record from the "Create New Content" box; a new token starts a new recording. */
export interface RecordRequest {
  title: string;
  token: number;
}

/** What the tabs show that other features make, composed by the page. */
export interface ProfileContentRenderers {
  /** A pod's play button on its artwork: the shared player. */
  renderPodPlay: (pod: Post) => ReactNode;
  /** Opens a post's detail modal. */
  onOpenPost: (post: Post) => void;
  /** The recorder, started on `request`; `onEnd` when its session ends, saying whether it was published. */
  renderRecorder: (request: RecordRequest, onEnd: (published: boolean) => void) => ReactNode;
}

interface ProfileContentProps extends ProfileContentRenderers {
  user: PublicUser;
  own: boolean;
  /** "Ada": who empty states speak of on others' profiles. */
  firstName: string;
  renderPost: (post: Post) => ReactNode;
  /** The voice bio's player, for About. */
  voiceBio: ReactNode;
}

const VOICE_POSTS = { type: 'post' } as const;

/** Spec §2 Profile under the header: one's own "Create New Content" box, then the Posts, Pods, Categories and About tabs. */
export function ProfileContent({
  user,
  own,
  firstName,
  renderPost,
  voiceBio,
  renderPodPlay,
  onOpenPost,
  renderRecorder,
}: ProfileContentProps) {
  const { tab, category, setTab, setCategory } = useProfileTab();
  const [recording, setRecording] = useState<RecordRequest | null>(null);
  const [unpublishedTitle, setUnpublishedTitle] = useState('');
  const [sessionEnded, setSessionEnded] = useState(false);
  const queryClient = useQueryClient();

  return (
    <div className="space-y-8">
      {own &&
        (recording ? (
          <section
            aria-label="Create New Content"
            className="rounded-3xl border bg-card p-3 shadow-soft sm:p-4"
          >
            {renderRecorder(recording, (published) => {
              setUnpublishedTitle(published ? '' : recording.title);
              setRecording(null);
              setSessionEnded(true);
              // The lists refresh themselves; the counts and categories are the profile's own to ask again.
              if (published) {
                void queryClient.invalidateQueries({ queryKey: profileStatsQueryOptions(user.id).queryKey });
                void queryClient.invalidateQueries({ queryKey: profileUserQueryOptions(user.id).queryKey });
              }
            })}
          </section>
        ) : (
          <CreateContentBox
            initialTitle={unpublishedTitle}
            focusTitle={sessionEnded}
            onRecord={(title) => setRecording({ title, token: Date.now() })}
          />
        ))}

      <Tabs value={tab} onValueChange={(value) => setTab(profileTabFrom(value))}>
        <TabsList aria-label="Profile sections">
          {PROFILE_TABS.map(({ value, label }) => (
            <TabsTrigger key={value} value={value}>
              {label}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="posts">
          <ProfilePosts
            userId={user.id}
            filters={VOICE_POSTS}
            renderPost={renderPost}
            empty={
              <ProfileEmpty
                icon={own ? <Mic /> : <AudioLines />}
                message={
                  own
                    ? 'You haven’t shared any voice posts yet.'
                    : `${firstName} hasn’t shared any voice posts yet.`
                }
              />
            }
          />
        </TabsContent>
        <TabsContent value="pods">
          <ProfilePods
            userId={user.id}
            own={own}
            firstName={firstName}
            renderPlay={renderPodPlay}
            onOpen={onOpenPost}
          />
        </TabsContent>
        <TabsContent value="categories">
          <ProfileCategories
            userId={user.id}
            own={own}
            category={category}
            onCategoryChange={setCategory}
            renderPost={renderPost}
          />
        </TabsContent>
        <TabsContent value="about">
          <ProfileAbout user={user} own={own} voiceBio={voiceBio} />
        </TabsContent>
      </Tabs>
    </div>
  );
}
