import { MAX_AUDIO_BYTES } from '@shared/domain/posts';
import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import { createPasswordHasher } from './auth/passwords';
import { createSessionStore, type SessionStore } from './auth/session-store';
import type { Config, DatabaseConfig } from './config';
import { createDatabase, migrateToLatest, type Db } from './db/database';
import { setRole } from './db/queries/moderation';
import { listenNotifyConnection } from './db/dialect';
import type { TransactionObserver } from './db/transaction-observer';
import type { EventBus } from './events/event-bus';
import { createLocalEventBus } from './events/local-event-bus';
import { createPgEventBus } from './events/pg-event-bus';
import type { Federation } from '@fedify/fedify';
import { createEarshotFederation } from './federation/federation';
import {
  createActorDeletionSender,
  createActorFarewells,
  type ActorDeletionSender,
} from './federation/actor-deletion';
import { createDomainBlocks, type DomainBlocks } from './federation/domain-blocks';
import {
  createInteractionAnnouncements,
  createInteractionSender,
  type InteractionSender,
} from './federation/interactions';
import { createFederationEgress, type FederationEgress } from './federation/egress';
import { createKvStore } from './federation/kv-store';
import { createFederationQueue, type FederationQueue } from './federation/message-queue';
import {
  createPostActivitySender,
  createPostAnnouncements,
  type PostActivitySender,
} from './federation/post-activities';
import { createReplyAnnouncements, createReplySender, type ReplySender } from './federation/voice-replies';
import { createPublicAddresses } from './federation/public-addresses';
import { createRemoteAudio } from './federation/remote-audio';
import { createRemoteFollowing, type RemoteFollowing } from './federation/remote-follows';
import { createRemotePeople } from './federation/remote-people';
import { createRemoteAvatars } from './federation/remote-avatars';
import type { RemotePostDeps } from './federation/remote-posts';
import type { InteractionDeps } from './federation/interactions';
import {
  createFlagSender,
  createReportForwarding,
  type FlagSender,
  type RemoteReports,
} from './federation/reports';
import type { RemotePerson } from './db/queries/remote-people';
import type { JobHandlers } from './jobs/catalogue';
import { createJobQueue, type JobQueue } from './jobs/job-queue';
import { createFfmpeg, type Ffmpeg } from './media/ffmpeg';
import { resolveFfmpeg } from './media/ffmpeg-binary';
import { verifyFfmpeg } from './media/ffmpeg-check';
import { createForcedAligner } from './media/forced-aligner';
import { createTranscriptionClient } from './media/transcription-client';
import { createAccountDeletion, type AccountDeletion } from './services/account-deletion';
import { createAccountExport, type AccountExport } from './services/account-export';
import { createAccountService, type AccountService } from './services/account-service';
import { createAudioLibrary } from './services/audio-library';
import { createAutosaveService, type AutosaveService } from './services/autosave-service';
import { createCommentService, type CommentService } from './services/comment-service';
import { createConversationService, type ConversationService } from './services/conversation-service';
import { createConversationPublisher, type ConversationPublisher } from './services/conversation-publisher';
import { createDraftEditor, type DraftEditor } from './services/draft-editor';
import {
  createFollowerNews,
  createFollowService,
  type FollowerNews,
  type FollowService,
} from './services/follow-service';
import { createSafetyService, type SafetyService } from './services/safety-service';
import { createSharedAudio, type SharedAudio } from './services/shared-audio';
import { createHealthService, type HealthService } from './services/health-service';
import { createNotificationService, type NotificationService } from './services/notification-service';
import { createReactionService, type ReactionService } from './services/reaction-service';
import { createImageLibrary } from './services/image-library';
import { createLegacyImageSweep } from './services/legacy-images';
import { createSpeechBackfill } from './services/speech-backfill';
import { createListenService, type ListenService } from './services/listen-service';
import { createListeningPositions, type ListeningPositions } from './services/listening-positions';
import { createLoginThrottle } from './services/login-throttle';
import { createMediaService, type MediaService } from './services/media-service';
import { prepareCardFonts } from './link-previews/card-fonts';
import { createLinkPreviews, type LinkPreviews } from './link-previews/link-previews';
import { createShareCardStore } from './link-previews/share-card-store';
import { removeLeftObjects } from './services/object-removal';
import { createModerationService, type ModerationService } from './services/moderation-service';
import { createPostService, type PostService } from './services/post-service';
import { createVoiceRetake } from './services/published-voices';
import { createProfileService, type ProfileService } from './services/profile-service';
import { createPushDevices, type PushDevices } from './services/push-devices';
import { createPushService, type PushService } from './services/push-delivery';
import { createPushEndpoints } from './services/push-endpoints';
import { loadVapidKeys, type VapidKeys } from './services/vapid-keys';
import { createRateLimiter, type RateLimiter } from './services/rate-limiter';
import { createSearchService, type SearchService } from './services/search-service';
import { createTranscriptTimes, type TranscriptTimes } from './services/transcript-times';
import { createDiscoverService, type DiscoverService } from './services/discover-service';
import { createStatsService, type StatsService } from './services/stats-service';
import { createPodcastFeedService, type PodcastFeedService } from './services/podcast-feed';
import { createUserService, type UserService } from './services/user-service';
import { createVoiceBioService, type VoiceBioService } from './services/voice-bio-service';
import type { BlobStore } from './storage/blob-store';
import { createBlobStore } from './storage/create-blob-store';
import { createScratchFiles, type ScratchFiles } from './storage/scratch-files';

/** The composition root: every adapter and service, each given only what it needs. */
export interface AppContext {
  config: Config;
  log: FastifyBaseLogger;
  db: Db;
  /** Live events to people's open pages; the app starts and closes it. */
  events: EventBus;
  blobs: BlobStore;
  /** This process's local files: uploads being checked, ffmpeg's inputs and outputs. */
  scratch: ScratchFiles;
  ffmpeg: Ffmpeg;
  jobs: JobQueue;
  jobHandlers: JobHandlers;
  sessions: SessionStore;
  /** Counters for the rate limits in routes' guard chains. */
  rateLimits: RateLimiter;
  accounts: AccountService;
  /** A person's data as one archive (beyond the spec). */
  accountExport: AccountExport;
  /** A person leaving: every row and stored object of theirs goes. */
  accountDeletion: AccountDeletion;
  sharedAudio: SharedAudio;
  users: UserService;
  profiles: ProfileService;
  posts: PostService;
  /** The advanced editor's drafts: original, takes and the operations rendered over them. */
  draftEditor: DraftEditor;
  autosave: AutosaveService;
  reactions: ReactionService;
  follows: FollowService;
  /** Blocks and mutes (issue 17). */
  safety: SafetyService;
  comments: CommentService;
  notifications: NotificationService;
  voiceBios: VoiceBioService;
  /** Direct and group conversations of voice messages. */
  conversations: ConversationService;
  moderation: ModerationService;
  /** A conversation joined into a post (the "Pod" button). */
  conversationPosts: ConversationPublisher;
  /** Listens and listening time of posts (beyond the spec). */
  listens: ListenService;
  /** Where each person stopped in each post, and what they heard to the end (issue 29). */
  listening: ListeningPositions;
  stats: StatsService;
  /** Podcast feeds of people's public pods, and their chapters (beyond the spec). */
  podcasts: PodcastFeedService;
  search: SearchService;
  /** Real word times of typed transcripts (issue 29), aligned in the background. */
  transcriptTimes: TranscriptTimes;
  discover: DiscoverService;
  /** Who may fetch which stored file, and where it is. */
  media: MediaService;
  /** What a shared link to a post or profile shows in other apps: its page's head and its drawn image. */
  linkPreviews: LinkPreviews;
  health: HealthService;
  /** Web Push (issue 27): the key pair pushes are signed with; only its public half is ever shown. */
  vapidKeys: VapidKeys;
  pushDevices: PushDevices;
  push: PushService;
  /** ActivityPub (issue 28), when PUBLIC_URL is set; the app mounts it and starts its queue with the job worker. */
  federation: Federation<void> | undefined;
  /** People of other servers: found by a search, followed (issue 28); while this instance federates. */
  fediverse: Fediverse | undefined;
  /** Remote domains moderators refuse whole: federation neither takes from them nor calls them. */
  domainBlocks: DomainBlocks;
  /** The connections federation's requests go out on, checked as they are made; with `federation`. */
  federationEgress: FederationEgress | undefined;
  /** Our people's voice replies to other servers' posts, and their Notes; with `federation`. */
  federatedReplies: ReplySender | undefined;
}

export interface Fediverse {
  following: RemoteFollowing;
  /** The person a search for `@user@host` or a profile's address names, when it is one. */
  lookUp(query: string): Promise<RemotePerson | undefined>;
}

/** Fedify over our database and job queue, when this instance federates. */
function createFederationParts(
  config: Config,
  deps: {
    db: Db;
    jobs: JobQueue;
    log: FastifyBaseLogger;
    inbound: Pick<RemotePostDeps, 'scratch' | 'audio' | 'posts' | 'comments' | 'accounts'> &
      Pick<InteractionDeps, 'reactions' | 'safety'> & {
        followerNews: FollowerNews;
        reports: RemoteReports;
      };
    profiles: ProfileService;
    domainBlocks: DomainBlocks;
    mayReach?: (address: string) => boolean;
  },
):
  | {
      federation: Federation<void>;
      egress: FederationEgress;
      queue: FederationQueue;
      posts: PostActivitySender;
      actorDeletions: ActorDeletionSender;
      replies: ReplySender;
      interactions: InteractionSender;
      flags: FlagSender;
      fediverse: Fediverse;
    }
  | undefined {
  if (!config.federation) return undefined;
  const { allowPrivateAddresses, origin } = config.federation;
  const egress = createFederationEgress({
    allowPrivateAddresses,
    mayReach: deps.mayReach,
    blockedDomainOf: deps.domainBlocks.blockedDomainOf,
  });
  const queue = createFederationQueue(deps.jobs, egress);
  const addresses = createPublicAddresses(allowPrivateAddresses);
  const downloads = createRemoteAudio(deps.inbound.scratch, allowPrivateAddresses);
  const avatars = createRemoteAvatars({ ...deps, downloads, scratch: deps.inbound.scratch });
  const people = createRemotePeople(deps.db, addresses, avatars);
  const federation = createEarshotFederation({
    ...deps,
    config: config.federation,
    kv: createKvStore(deps.db),
    queue,
    addresses,
    inbound: {
      ...deps.inbound,
      people,
      remoteAudio: downloads,
    },
  });
  const posts = createPostActivitySender({ ...deps, federation, origin, addresses });
  const actorDeletions = createActorDeletionSender({ federation, origin, addresses });
  const replies = createReplySender({ ...deps, federation, origin, addresses });
  const interactions = createInteractionSender({ ...deps, federation, origin, addresses });
  const flags = createFlagSender({ ...deps, federation, origin, addresses });
  const context = () => federation.createContext(new URL(origin), undefined);
  const following = createRemoteFollowing(deps.db, context);
  // Asked for by a person's request, outside the inbox and the job queue: their fetches go out on federation's
  // connections all the same, checked as they are made.
  const fediverse: Fediverse = {
    following: {
      ...following,
      toggle: (followerId, followee) => egress.run(() => following.toggle(followerId, followee)),
    },
    lookUp: (query) => egress.run(() => people.lookUp(context(), query)),
  };
  return { federation, egress, queue, posts, actorDeletions, replies, interactions, flags, fediverse };
}

/** SQLite: one process, events delivered in it once their transaction commits. PostgreSQL: across instances. */
function createEventBus(
  database: DatabaseConfig,
  log: FastifyBaseLogger,
): { events: EventBus; transactions?: TransactionObserver } {
  const connection = listenNotifyConnection(database);
  if (!connection) {
    const local = createLocalEventBus(log);
    return { events: local, transactions: local };
  }
  return { events: createPgEventBus({ ...connection, log }) };
}

export async function createContext(
  config: Config,
  options: {
    preferNpmFfmpeg?: boolean;
    /** Where the transcript aligner looks for its recogniser; the process's PATH unless a test says otherwise. */
    alignerSearchPath?: string;
    /** The addresses federation may connect to, when a test stands a loopback address in for the internet. */
    federationMayReach?: (address: string) => boolean;
  } = {},
): Promise<AppContext> {
  const log = pino({
    level: config.logLevel,
    redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
  });
  const ffmpegBinary = resolveFfmpeg({
    ffmpegPath: config.ffmpegPath,
    preferNpm: options.preferNpmFfmpeg ?? false,
  });
  await verifyFfmpeg(ffmpegBinary, {
    timeoutMs: config.ffmpegTimeoutMs,
    allowBundled: !config.isProduction || config.allowBundledFfmpeg,
  });
  // Before anything draws text: share cards are drawn in the app's typeface even where the machine has no fonts.
  await prepareCardFonts();
  const blobs = await createBlobStore(config);
  const { events, transactions } = createEventBus(config.database, log);
  const db = createDatabase(config.database, log, transactions);
  let vapidKeys: VapidKeys;
  try {
    await migrateToLatest(db, config.database);
    await setRole(db, config.adminEmails, 'moderator');
    vapidKeys = await loadVapidKeys(db, config.push);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  const ffmpeg = createFfmpeg(ffmpegBinary, {
    timeoutMs: config.ffmpegTimeoutMs,
    concurrency: config.ffmpegConcurrency,
  });
  const scratch = createScratchFiles(config.dataDir, { minFreeBytes: MAX_AUDIO_BYTES });
  const jobs = createJobQueue(db, { wakeups: events });
  const users = createUserService(db);
  const pushEndpoints = createPushEndpoints(config.push.endpointAllowlist);
  const push = createPushService({
    db,
    jobs,
    users,
    keys: vapidKeys,
    subject: config.push.subject,
    endpoints: pushEndpoints,
  });
  const audio = createAudioLibrary({ blobs, scratch, ffmpeg, db, jobs });
  const aligner = createForcedAligner({
    ffmpeg,
    newScratchPath: scratch.newPath,
    searchPath: options.alignerSearchPath ?? process.env.PATH,
  });
  const transcriptTimes = createTranscriptTimes({
    db,
    jobs,
    audio,
    ffmpeg,
    aligner,
    recogniser: config.transcribe && createTranscriptionClient(config.transcribe),
    newScratchPath: scratch.newPath,
    log,
  });
  const rateLimits = createRateLimiter(db);
  const images = createImageLibrary(blobs, rateLimits);
  const shareCards = createShareCardStore(blobs);
  const fediverse = createPostAnnouncements(jobs, config.federation !== undefined);
  const listening = createListeningPositions({ db });
  const posts = createPostService({
    db,
    audio,
    images,
    push,
    shareCards,
    transcripts: transcriptTimes,
    fediverse,
  });
  const autosave = createAutosaveService({
    db,
    blobs,
    scratch,
    audio,
    posts,
    log,
  });
  const notifications = createNotificationService(db, users, events);
  const replyAnnouncements = createReplyAnnouncements(jobs, config.federation !== undefined);
  const comments = createCommentService({
    db,
    audio,
    users,
    notifications,
    push,
    fediverse: replyAnnouncements,
  });
  const conversations = createConversationService({ db, audio, users, events, jobs, push });
  const media = createMediaService(db);
  const retakeConversationVoices = createVoiceRetake({ db, audio, posts });
  const reencodeLegacyImages = createLegacyImageSweep({ db, blobs, scratch, images, log });
  const measureStoredSpeech = createSpeechBackfill({ db, jobs, audio, log });
  const domainBlocks = createDomainBlocks(db);
  const accountDeletion = createAccountDeletion({
    db,
    blobs,
    jobs,
    events,
    log,
    fediverse: createActorFarewells(jobs, config.federation !== undefined),
  });
  const interactions = createInteractionAnnouncements(jobs, config.federation !== undefined);
  const reactions = createReactionService(db, notifications, push, interactions);
  const safety = createSafetyService(db, interactions);
  const profiles = createProfileService(db, images, shareCards);
  const moderation = createModerationService({
    db,
    posts,
    comments,
    conversations,
    events,
    fediverse,
    replies: replyAnnouncements,
    forwarding: createReportForwarding(jobs, config.federation !== undefined),
  });
  const federated = createFederationParts(config, {
    db,
    jobs,
    log,
    inbound: {
      scratch,
      audio,
      posts,
      comments,
      accounts: accountDeletion,
      reactions,
      safety,
      followerNews: createFollowerNews(notifications, push),
      reports: moderation,
    },
    profiles,
    domainBlocks,
    mayReach: options.federationMayReach,
  });
  return {
    config,
    log,
    db,
    events,
    blobs,
    scratch,
    ffmpeg,
    jobs,
    jobHandlers: {
      'media.render-speech': ({ assetId }, { signal }) => audio.renderSpeech(assetId, signal),
      'media.measure-speech': (_payload, { signal }) => measureStoredSpeech(signal),
      'transcripts.align': ({ postId }, { signal }) => transcriptTimes.alignPost(postId, signal),
      'transcripts.recognise': ({ postId }, { signal }) => transcriptTimes.recognisePost(postId, signal),
      'transcripts.backfill': ({ after }) => transcriptTimes.backfill(after),
      'autosave.recover-abandoned': (_payload, { signal }) => autosave.recoverAbandoned(signal),
      'images.reencode-legacy': (_payload, { signal }) => reencodeLegacyImages(signal),
      'storage.remove-objects': (objects) => removeLeftObjects(blobs, objects),
      'posts.retake-conversation-voices': ({ postId }) => retakeConversationVoices(postId),
      'push.notify': (event) => push.prepare(event),
      'push.likes': ({ postId }) => push.pushLikes(postId),
      'push.new-post': ({ postId, after }) => push.fanOutPost(postId, after),
      'push.deliver': (delivery) => push.deliver(delivery),
      // Queued while this deployment federated; with PUBLIC_URL gone since, there is nowhere to send it from.
      'federation.message': async ({ message }) => (federated ? federated.queue.run(message) : 'skipped'),
      'federation.post': async (activity) => (federated ? federated.posts.send(activity) : 'skipped'),
      'federation.reply': async (reply) => (federated ? federated.replies.send(reply) : 'skipped'),
      'federation.actor-deleted': async (deletion) =>
        federated ? federated.actorDeletions.send(deletion) : 'skipped',
      'federation.interaction': async (interaction) =>
        federated ? federated.interactions.send(interaction) : 'skipped',
      'federation.flag': async (report) => (federated ? federated.flags.send(report) : 'skipped'),
    },
    sessions: createSessionStore(db),
    rateLimits,
    accounts: createAccountService(
      db,
      createLoginThrottle(db),
      createPasswordHasher(config.passwordHashCost),
    ),
    accountExport: createAccountExport({ db, blobs, log }),
    accountDeletion,
    sharedAudio: createSharedAudio(db, blobs),
    users,
    profiles,
    posts,
    draftEditor: createDraftEditor({ db, audio, posts, transcripts: transcriptTimes, log }),
    autosave,
    reactions,
    follows: createFollowService(db, users, notifications, push, federated?.fediverse.following),
    safety,
    comments,
    notifications,
    voiceBios: createVoiceBioService({ db, audio }),
    conversations,
    moderation,
    conversationPosts: createConversationPublisher({ db, audio, users, posts, events, notifications, push }),
    listens: createListenService({ db }),
    listening,
    stats: createStatsService(db),
    podcasts: createPodcastFeedService({ db, blobs, users, posts, transcripts: transcriptTimes }),
    search: createSearchService(db, transcriptTimes),
    transcriptTimes,
    discover: createDiscoverService(db),
    media,
    linkPreviews: createLinkPreviews({ posts, users, media, blobs, shareCards }),
    health: createHealthService({ db, ffmpeg: ffmpeg.health, storage: blobs, scratch, log }),
    vapidKeys,
    pushDevices: createPushDevices(db, pushEndpoints),
    push,
    federation: federated?.federation,
    fediverse: federated?.fediverse,
    domainBlocks,
    federationEgress: federated?.egress,
    federatedReplies: federated?.replies,
  };
}
