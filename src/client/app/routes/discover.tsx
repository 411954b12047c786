import { Compass } from 'lucide-react';
import { ComingSoon } from '@client/components/coming-soon';

export function DiscoverPage() {
  return (
    <ComingSoon
      icon={Compass}
      title="Discover"
      description="Find new voices, topics and trending posts."
      preview="Search, categories, topic ideas and the voices everyone is listening to are on their way."
    />
  );
}
