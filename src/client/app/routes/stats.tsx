import { displayName } from '@shared/domain/display-name';
import { useProfileUser } from '@client/features/profile/api/user';
import { ProfileNotFound } from '@client/features/profile/components/profile-states';
import { StatsView } from '@client/features/stats/components/stats-view';
import { ApiError } from '@client/lib/api-client';
import { useAuth } from '@client/lib/use-auth';

/** Spec §2 Stats page at `/stats/{userId}`: the stats feature, named after the profile it belongs to. */
export function StatsPage({ params }: { params: { userId: string } }) {
  const { user } = useAuth();
  const person = useProfileUser(params.userId);
  if (person.error instanceof ApiError && person.error.status === 404) return <ProfileNotFound />;
  return (
    <StatsView
      key={params.userId}
      userId={params.userId}
      own={params.userId === user?.id}
      name={person.data ? displayName(person.data) : undefined}
    />
  );
}
