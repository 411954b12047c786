import { ChartColumn } from 'lucide-react';
import { ComingSoon } from '@client/components/coming-soon';

export function StatsPage() {
  return (
    <ComingSoon
      icon={ChartColumn}
      title="Stats"
      description="See how your voice is reaching people."
      preview="Episodes, followers, listening time and engagement, all in one place."
    />
  );
}
