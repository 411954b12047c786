import type { Migration } from 'kysely';
import * as accounts from './20261121T2200-accounts';
import * as voicePosts from './20261121T2300-voice-posts';
import * as social from './20261121T2330-social';
import * as autosaveRecovery from './20261124T1000-autosave-recovery';
import * as loginThrottles from './20261124T1100-login-throttles';
import * as notificationCatchUp from './20261124T1200-notification-catch-up';
import * as listIndexes from './20261124T1300-list-indexes';
import * as profileFields from './20261124T1400-profile-fields';
import * as voiceBioAndListens from './20261124T1500-voice-bio-and-listens';
import * as voiceBioAudioIndex from './20261124T1600-voice-bio-audio-index';
import * as userPostFilters from './20261124T1610-user-post-filters';
import * as search from './20261124T1700-search';
import * as discover from './20261124T1800-discover';
import * as searchKeys from './20261124T1810-search-keys';
import * as searchVisibility from './20261124T1820-search-visibility';
import * as conversations from './20261124T1900-conversations';
import * as draftEdits from './20261124T2000-draft-edits';
import * as renditionBytes from './20261124T2010-rendition-bytes';
import * as blocksAndMutes from './20261125T0200-blocks-and-mutes';
import * as reportsAndModeration from './20261125T0300-reports-and-moderation';
import * as accountData from './20261125T0400-account-data';
import * as conversationSafety from './20261128T1000-conversation-safety';
import * as publishConsent from './20261128T1100-publish-consent';
import * as pictureFraming from './20261128T1200-picture-framing';
import * as sharedAudio from './20261129T0000-shared-audio';
import * as webPush from './20261129T0100-web-push';
import * as federationStore from './20261129T0200-federation-store';
import * as speechRanges from './20261129T0200-speech-ranges';
import * as transcriptTimes from './20261129T0200-transcript-times';
import * as federationKeys from './20261129T0210-federation-keys';
import * as remoteFollowers from './20261129T0220-remote-followers';
import * as deletedActors from './20261129T0230-deleted-actors';
import * as listeningPositions from './20261129T1000-listening-positions';
import * as remotePeople from './20261129T1100-remote-people';
import * as remotePostAudio from './20261130T1000-remote-post-audio';
import * as remoteActorIcons from './20261130T1010-remote-actor-icons';
import * as remoteReports from './20261201T0100-remote-reports';
import * as reportCaseIndexes from './20261202T0100-report-case-indexes';
import * as domainBlocks from './20261129T1200-domain-blocks';
import * as replyMoments from './20261129T1300-reply-moments';
import * as jobPriority from './20261129T1310-job-priority';
import * as transcribePrivate from './20261129T1320-transcribe-private';
import * as untranscribedPosts from './20261129T1330-untranscribed-posts';
import * as imageSizes from './20261130T0500-image-sizes';

/** Explicit registry, applied in key order. Add new migrations at the end with a later timestamp. */
export const migrations: Record<string, Migration> = {
  '20261121T2200-accounts': accounts,
  '20261121T2300-voice-posts': voicePosts,
  '20261121T2330-social': social,
  '20261124T1000-autosave-recovery': autosaveRecovery,
  '20261124T1100-login-throttles': loginThrottles,
  '20261124T1200-notification-catch-up': notificationCatchUp,
  '20261124T1300-list-indexes': listIndexes,
  '20261124T1400-profile-fields': profileFields,
  '20261124T1500-voice-bio-and-listens': voiceBioAndListens,
  '20261124T1600-voice-bio-audio-index': voiceBioAudioIndex,
  '20261124T1610-user-post-filters': userPostFilters,
  '20261124T1700-search': search,
  '20261124T1800-discover': discover,
  '20261124T1810-search-keys': searchKeys,
  '20261124T1820-search-visibility': searchVisibility,
  '20261124T1900-conversations': conversations,
  '20261124T2000-draft-edits': draftEdits,
  '20261124T2010-rendition-bytes': renditionBytes,
  '20261125T0200-blocks-and-mutes': blocksAndMutes,
  '20261125T0300-reports-and-moderation': reportsAndModeration,
  '20261125T0400-account-data': accountData,
  '20261128T1000-conversation-safety': conversationSafety,
  '20261128T1100-publish-consent': publishConsent,
  '20261128T1200-picture-framing': pictureFraming,
  '20261129T0000-shared-audio': sharedAudio,
  '20261129T0100-web-push': webPush,
  '20261129T0200-federation-store': federationStore,
  '20261129T0200-speech-ranges': speechRanges,
  '20261129T0200-transcript-times': transcriptTimes,
  '20261129T0210-federation-keys': federationKeys,
  '20261129T0220-remote-followers': remoteFollowers,
  '20261129T0230-deleted-actors': deletedActors,
  '20261129T1000-listening-positions': listeningPositions,
  '20261129T1100-remote-people': remotePeople,
  '20261129T1200-domain-blocks': domainBlocks,
  '20261129T1300-reply-moments': replyMoments,
  '20261129T1310-job-priority': jobPriority,
  '20261129T1320-transcribe-private': transcribePrivate,
  '20261129T1330-untranscribed-posts': untranscribedPosts,
  '20261130T0500-image-sizes': imageSizes,
  '20261130T1000-remote-post-audio': remotePostAudio,
  '20261130T1010-remote-actor-icons': remoteActorIcons,
  '20261201T0100-remote-reports': remoteReports,
  '20261202T0100-report-case-indexes': reportCaseIndexes,
};
