import { useState, type ReactNode } from 'react';
import type { Post } from '@shared/contract/posts';
import type { PublicUser } from '@shared/contract/users';
import { PageHeader } from '@client/components/page-header';
import { useDiscoverSearch } from '../hooks/use-discover-search';
import { ActiveUsers } from './active-users';
import { CategoryCards } from './category-cards';
import { SearchPanel } from './search-panel';
import { TopicSuggestions } from './topic-suggestions';
import { TrendingPosts } from './trending-posts';
import { UserCardDialog } from './user-card-dialog';

interface DiscoverViewProps {
  /** A post as the page's post card (features do not import each other). */
  renderPost: (post: Post) => ReactNode;
  /** The Follow/Following toggle on a user card. */
  renderFollow: (user: PublicUser) => ReactNode;
}

/**
 * Spec §2 Discover: search, category cards, topic ideas, active people and trending posts. On wide screens the
 * ideas and people sit beside the posts; on phones they come first.
 */
export function DiscoverView({ renderPost, renderFollow }: DiscoverViewProps) {
  const search = useDiscoverSearch();
  const [person, setPerson] = useState<PublicUser | null>(null);

  return (
    <div className="space-y-8">
      <PageHeader
        title="Discover"
        description="Find new voices, topics worth talking about, and what people are listening to."
      />
      <SearchPanel search={search} renderPost={renderPost} onOpenUser={setPerson} />
      <CategoryCards onChoose={search.fill} />
      <div className="grid gap-10 lg:grid-cols-[minmax(0,1fr)_18rem] lg:items-start lg:gap-8">
        <div className="space-y-10 lg:col-start-2 lg:row-start-1">
          <TopicSuggestions />
          <ActiveUsers onOpenUser={setPerson} />
        </div>
        <TrendingPosts renderPost={renderPost} className="lg:col-start-1 lg:row-start-1" />
      </div>
      <UserCardDialog user={person} onClose={() => setPerson(null)} renderFollow={renderFollow} />
    </div>
  );
}
