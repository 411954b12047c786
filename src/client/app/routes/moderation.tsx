import type { ModerationCase } from '@shared/contract/moderation';
import { publicUserWith } from '@shared/domain/public-user';
import { PageHeader } from '@client/components/page-header';
import { ModerationView } from '@client/features/moderation/components/moderation-view';
import { AudioPlayer } from '@client/features/player/components/audio-player';
import { useAuth } from '@client/lib/use-auth';
import { NotFoundPage } from './not-found';

/** The reported audio as the shared player plays it (one at a time with everything else on the page). */
function reportedAudio(report: ModerationCase) {
  const content = report.content!;
  return (
    <AudioPlayer
      variant="compact"
      waveformHeight={40}
      post={{
        id: `report:${report.id}`,
        title: content.title,
        duration: content.duration ?? 0,
        audioUrl: content.audioSources[0]!.url,
        audioSources: content.audioSources,
        waveformData: content.waveformData,
        speech: null,
        peaksUrl: '',
        imageUrl: null,
        transcription: content.transcription,
        chapters: [],
        user:
          content.owner ??
          publicUserWith({
            id: `visitor:${report.id}`,
            username: content.visitorName ?? 'visitor',
            createdAt: report.lastReportedAt,
          }),
      }}
    />
  );
}

/** Moderators alone (the server refuses anyone else too); others get the page that is not there. */
export function ModerationPage() {
  const { user } = useAuth();
  if (!user?.isModerator) return <NotFoundPage />;
  return (
    <div className="mx-auto max-w-3xl space-y-8">
      <PageHeader
        title="Moderation"
        description="Reports from the community. Every action here is logged with who took it."
      />
      <ModerationView renderPlayer={reportedAudio} />
    </div>
  );
}
