import {
  ArrowLeft,
  CalendarDays,
  Clock,
  Headphones,
  Mic,
  Repeat,
  Timer,
  TrendingUp,
  UserPlus,
  Users,
  type LucideIcon,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { UserStats } from '@shared/contract/stats';
import { LoadError } from '@client/components/load-error';
import { PageHeader } from '@client/components/page-header';
import { Button } from '@client/components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { useUserStats } from '../api/stats';
import { formatCount, formatStatsDuration } from '../lib/stats-format';
import { ListensChart } from './listens-chart';
import { MostListened } from './most-listened';
import { StatCard, StatValue } from './stat-card';
import { StatsCategories } from './stats-categories';
import { StatsSkeleton } from './stats-skeleton';

interface StatsViewProps {
  userId: string;
  /** One's own stats: they count one's private posts too. */
  own: boolean;
  /** The person's name, once known. */
  name: string | undefined;
}

/** Spec §2 Stats page: the header with the way back to the profile, then the figures the server computed. */
export function StatsView({ userId, own, name }: StatsViewProps) {
  const stats = useUserStats(userId);
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <div className="space-y-3">
        <Button asChild variant="ghost" size="sm" className="-ml-3 text-muted-foreground">
          <Link href={`/profile/${userId}`}>
            <ArrowLeft aria-hidden="true" />
            Back to profile
          </Link>
        </Button>
        <PageHeader
          title="Stats"
          description={
            own
              ? 'See how your voice is reaching people.'
              : name
                ? `See how ${name}’s voice is reaching people.`
                : undefined
          }
        />
      </div>
      {stats.isPending ? (
        <StatsSkeleton />
      ) : stats.isError ? (
        <LoadError
          message="We couldn’t load these stats."
          onRetry={() => void stats.refetch()}
          retrying={stats.isFetching}
        />
      ) : (
        <StatsFigures stats={stats.data} own={own} />
      )}
    </div>
  );
}

const thisMonthName = () => new Date().toLocaleString('en-US', { month: 'long', timeZone: 'UTC' });

function duration(icon: LucideIcon, label: string, seconds: number, hint?: ReactNode) {
  const text = formatStatsDuration(seconds);
  return <StatCard icon={icon} label={label} value={text.short} spoken={text.words} hint={hint} />;
}

function StatsFigures({ stats, own }: { stats: UserStats; own: boolean }) {
  const last30 = stats.listensByDay.reduce((sum, day) => sum + day.listens, 0);
  const listeningTime = formatStatsDuration(stats.listeningSeconds);
  return (
    <>
      <section aria-labelledby="stats-overview">
        <h2 id="stats-overview" className="sr-only">
          Overview
        </h2>
        <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3">
          <StatCard
            icon={Mic}
            label="Total Episodes"
            value={formatCount(stats.totalEpisodes)}
            hint={own ? 'Private ones included' : 'Public posts'}
          />
          <StatCard icon={Users} label="Followers" value={formatCount(stats.followers)} />
          <StatCard icon={UserPlus} label="Following" value={formatCount(stats.following)} />
          {duration(Clock, 'Total Duration', stats.totalDuration)}
          {duration(Timer, 'Avg Duration', stats.averageDuration, 'Per post')}
          <StatCard
            icon={CalendarDays}
            label="This Month"
            value={formatCount(stats.thisMonth)}
            hint={`Posts in ${thisMonthName()}`}
          />
        </dl>
      </section>

      <div className="grid gap-4 lg:grid-cols-3">
        <Card className="lg:col-span-2" role="region" aria-labelledby="stats-listening">
          <CardHeader className="pb-4">
            <CardTitle id="stats-listening" className="flex items-center gap-2">
              <Headphones aria-hidden="true" className="size-5 text-primary" />
              Listening
            </CardTitle>
            <CardDescription>Listens by others, one per person per post each day.</CardDescription>
          </CardHeader>
          <div className="space-y-6 px-6 pb-6">
            <dl className="grid grid-cols-3 gap-2 sm:gap-3">
              <Figure label="Listens" value={formatCount(stats.listens)} />
              <Figure label="Listening Time" value={listeningTime.short} spoken={listeningTime.words} />
              <Figure label="Last 30 Days" value={formatCount(last30)} />
            </dl>
            <ListensChart days={stats.listensByDay} />
            <MostListened posts={stats.mostListened} />
          </div>
        </Card>

        <Card role="region" aria-labelledby="stats-categories">
          <CardHeader className="pb-4">
            <CardTitle id="stats-categories">Content Categories</CardTitle>
            <CardDescription>What the posts are about, most used first.</CardDescription>
          </CardHeader>
          <div className="px-6 pb-6">
            <StatsCategories stats={stats} own={own} />
          </div>
        </Card>
      </div>

      <dl className="grid gap-4 sm:grid-cols-2">
        <StatCard
          icon={TrendingUp}
          label="Engagement Rate"
          value={`${stats.engagementRate}%`}
          hint="Posts per follower, as a percent; 0 with no followers."
        />
        <StatCard
          icon={Repeat}
          label="Content Consistency"
          value={formatCount(stats.contentConsistency)}
          hint="Posts divided by 12, rounded."
        />
      </dl>
    </>
  );
}

/** A figure inside the Listening card. */
function Figure({ label, value, spoken }: { label: string; value: string; spoken?: string }) {
  return (
    <div className="rounded-2xl bg-secondary/60 px-3 py-2.5 sm:px-4 sm:py-3">
      <dt className="text-xs font-medium text-muted-foreground sm:text-sm">{label}</dt>
      <dd className="mt-1 text-xl font-bold tabular-nums sm:text-2xl">
        <StatValue value={value} spoken={spoken} />
      </dd>
    </div>
  );
}
