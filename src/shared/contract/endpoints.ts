/**
 * Every API endpoint's method and path, without schemas, so the browser bundle carries no validation library.
 * `routes.ts` pairs each with its zod schemas for the server and for the client's types.
 */
export const endpoints = {
  /** The readiness report under its first name, kept for existing probes; the same as healthReady. */
  health: { method: 'GET', path: '/api/health' },
  healthLive: { method: 'GET', path: '/api/health/live' },
  healthReady: { method: 'GET', path: '/api/health/ready' },
  currentUser: { method: 'GET', path: '/api/auth/user' },
  register: { method: 'POST', path: '/api/register' },
  login: { method: 'POST', path: '/api/login' },
  logout: { method: 'POST', path: '/api/logout' },
  /** The sign-in page (HTML) that the client sends a signed-out person to. */
  signInPage: { method: 'GET', path: '/api/login' },
  /** Ends the session and redirects home (a link, not a fetch). */
  signOutPage: { method: 'GET', path: '/api/logout' },
  getUser: { method: 'GET', path: '/api/users/:id' },
  /** A person's public pods as a podcast feed (RSS 2.0 with the iTunes and Podcasting 2.0 namespaces). */
  podcastFeed: { method: 'GET', path: '/api/users/:id/pods.rss' },
  listUsers: { method: 'GET', path: '/api/users' },
  updateProfile: { method: 'PUT', path: '/api/profile' },
  updateProfileImagePosition: { method: 'PUT', path: '/api/profile/image-position' },
  /** My settings kept on the server: who may add me to groups. */
  updateSettings: { method: 'PUT', path: '/api/me/settings' },
  userStats: { method: 'GET', path: '/api/users/:id/stats' },
  /** Safety (issue 17): block or mute a person, and undo it; the asker's own lists of both. */
  blockUser: { method: 'PUT', path: '/api/users/:id/block' },
  unblockUser: { method: 'DELETE', path: '/api/users/:id/block' },
  muteUser: { method: 'PUT', path: '/api/users/:id/mute' },
  unmuteUser: { method: 'DELETE', path: '/api/users/:id/mute' },
  listBlockedUsers: { method: 'GET', path: '/api/me/blocks' },
  listMutedUsers: { method: 'GET', path: '/api/me/mutes' },
  /** Web Push (issue 27): the key to subscribe with (signed out too), my devices, and what pushes to me. */
  pushKey: { method: 'GET', path: '/api/push/key' },
  subscribePush: { method: 'POST', path: '/api/push/subscriptions' },
  listPushSubscriptions: { method: 'GET', path: '/api/push/subscriptions' },
  deletePushSubscription: { method: 'DELETE', path: '/api/push/subscriptions/:id' },
  pushPreferences: { method: 'GET', path: '/api/push/preferences' },
  updatePushPreferences: { method: 'PATCH', path: '/api/push/preferences' },
  getVoiceBio: { method: 'GET', path: '/api/voice-bio/:userId' },
  uploadVoiceBio: { method: 'POST', path: '/api/voice-bio' },
  deleteVoiceBio: { method: 'DELETE', path: '/api/voice-bio' },
  /** Everything of mine as one ZIP archive (beyond the spec): profile, posts, drafts, comments, sent messages. */
  exportAccountData: { method: 'GET', path: '/api/me/export' },
  /** Deletes my account and everything of mine, confirmed with my password. */
  deleteAccount: { method: 'DELETE', path: '/api/me' },

  createPost: { method: 'POST', path: '/api/posts' },
  createDiaryEntry: { method: 'POST', path: '/api/diary' },
  extendDraftPost: { method: 'PUT', path: '/api/posts/:id' },
  extendDraftDiaryEntry: { method: 'PUT', path: '/api/diary/:id' },
  editDraft: { method: 'PUT', path: '/api/diary' },
  extendPost: { method: 'POST', path: '/api/posts/:id/extend' },
  updateChapters: { method: 'PUT', path: '/api/posts/:id/chapters' },
  autosaveChunk: { method: 'POST', path: '/api/recordings/autosave' },
  discardAutosave: { method: 'DELETE', path: '/api/recordings/autosave/:sessionId' },
  /** The advanced editor (issue 16): a draft's original, takes and saved operations. */
  getDraftEdit: { method: 'GET', path: '/api/drafts/:id/edit' },
  /** A recording made in the advanced editor, to insert or append. */
  addDraftTake: { method: 'POST', path: '/api/drafts/:id/takes' },
  /** Renders the operations from the original and the takes into the draft's audio. */
  saveDraftEdit: { method: 'PUT', path: '/api/drafts/:id/edit' },
  /** The detailed peaks of a draft's original ("original") or one of its takes (its id). */
  getDraftSourcePeaks: { method: 'GET', path: '/api/drafts/:id/sources/:source/peaks' },
  listDrafts: { method: 'GET', path: '/api/diary' },
  deleteDraft: { method: 'DELETE', path: '/api/diary/:id' },
  listPosts: { method: 'GET', path: '/api/posts' },
  listUserPosts: { method: 'GET', path: '/api/posts/user/:userId' },
  feed: { method: 'GET', path: '/api/feed' },
  getPost: { method: 'GET', path: '/api/posts/:id' },
  getPostPeaks: { method: 'GET', path: '/api/posts/:id/peaks' },
  /** The transcript's words with their times, and whether those were aligned to the audio or estimated. */
  getPostTranscript: { method: 'GET', path: '/api/posts/:id/transcript' },
  /** A public pod's chapters for podcast apps (beyond the spec), linked from the person's podcast feed. */
  getPostChaptersJson: { method: 'GET', path: '/api/posts/:id/chapters.json' },
  /** A post's transcript as WebVTT, timed as the player lights its words (spec §9), for podcast apps. */
  getPostTranscriptVtt: { method: 'GET', path: '/api/posts/:id/transcript.vtt' },
  deletePost: { method: 'DELETE', path: '/api/posts/:id' },
  /** A public post's player for other sites to frame (an HTML page; "not available" for anything else). */
  embedPlayer: { method: 'GET', path: '/embed/posts/:id' },
  /** oEmbed (oembed.com): how other sites embed the page of a public post, as an iframe of `embedPlayer`. */
  oembed: { method: 'GET', path: '/api/oembed' },
  /** The player's report of listening to a post (beyond the spec): counts listens and listening time. */
  recordListen: { method: 'POST', path: '/api/posts/:id/listens' },
  /** Where the signed-in listener stopped in a post, kept for their other devices (issue 29). */
  saveListening: { method: 'PUT', path: '/api/posts/:id/listening' },
  /** Spec §7 `GET /api/search/{posts|users}/{query}`: ranked by relevance, then newest. */
  searchPosts: { method: 'GET', path: '/api/search/posts/:query' },
  searchUsers: { method: 'GET', path: '/api/search/users/:query' },
  /** Discover (beyond the spec's "first 10 posts"): public posts by a decaying engagement score, best first. */
  trendingPosts: { method: 'GET', path: '/api/discover/trending' },
  /** Discover's "Active Users": real people, most recently active first (never the asker). */
  activeUsers: { method: 'GET', path: '/api/discover/active-users' },

  like: { method: 'POST', path: '/api/likes' },
  likeStatus: { method: 'GET', path: '/api/likes/post/:id' },
  dislike: { method: 'POST', path: '/api/dislikes' },
  dislikeStatus: { method: 'GET', path: '/api/dislikes/post/:id' },
  repost: { method: 'POST', path: '/api/reposts' },
  repostStatus: { method: 'GET', path: '/api/reposts/:id' },
  toggleFollow: { method: 'POST', path: '/api/follows' },
  followStatus: { method: 'GET', path: '/api/follows/:userId' },
  followerCount: { method: 'GET', path: '/api/followers/count/:userId' },
  followingCount: { method: 'GET', path: '/api/following/count/:userId' },
  listFollowers: { method: 'GET', path: '/api/followers/:userId' },
  listFollowing: { method: 'GET', path: '/api/following/:userId' },
  listComments: { method: 'GET', path: '/api/posts/:id/comments' },
  createComment: { method: 'POST', path: '/api/comments' },
  deleteComment: { method: 'DELETE', path: '/api/comments/:id' },
  listNotifications: { method: 'GET', path: '/api/notifications' },
  markNotificationsRead: { method: 'POST', path: '/api/notifications/read' },
  events: { method: 'GET', path: '/api/events' },

  /** Spec §7 conversation calls; every one is for members of the conversation alone. */
  listConversations: { method: 'GET', path: '/api/conversations' },
  /** The navigation's badge: unread messages over all my conversations. */
  unreadConversations: { method: 'GET', path: '/api/conversations/unread' },
  getConversation: { method: 'GET', path: '/api/conversations/:id' },
  createConversation: { method: 'POST', path: '/api/conversations' },
  /** Ours (the spec leaves group creation open): a member adds people to a group. */
  addConversationMembers: { method: 'POST', path: '/api/conversations/:id/members' },
  /** Takes the conversation off the asker's list: they leave it. */
  leaveConversation: { method: 'DELETE', path: '/api/conversations/:id' },
  listConversationRecordings: { method: 'GET', path: '/api/conversations/:id/recordings' },
  sendConversationRecording: { method: 'POST', path: '/api/conversations/:id/recordings' },
  deleteConversationRecording: { method: 'DELETE', path: '/api/conversations/recordings/:id' },
  /** The "Pod" button: the server joins the messages into one post of the asker (spec §4 Posting a conversation). */
  publishConversation: { method: 'POST', path: '/api/conversations/:id/publish' },
  /** Issue 25: the request asking this conversation's voices to agree to its post, or null. */
  getPublishRequest: { method: 'GET', path: '/api/conversations/:id/publish-request' },
  answerPublishRequest: { method: 'POST', path: '/api/conversations/publish-requests/:id/answer' },
  /** The asker posts it now, with the voices of those who agreed and their own. */
  postPublishRequest: { method: 'POST', path: '/api/conversations/publish-requests/:id/post' },
  withdrawPublishRequest: { method: 'DELETE', path: '/api/conversations/publish-requests/:id' },

  /** Issue 17: reporting, held visitor comments, and the moderators' screen (moderators alone). */
  report: { method: 'POST', path: '/api/reports' },
  setVisitorCommentHold: { method: 'PUT', path: '/api/posts/:id/visitor-comment-hold' },
  reviewComment: { method: 'POST', path: '/api/comments/:id/review' },
  listModerationCases: { method: 'GET', path: '/api/moderation/reports' },
  moderate: { method: 'POST', path: '/api/moderation/actions' },
  listModerationLog: { method: 'GET', path: '/api/moderation/actions' },
  /** Issue 28: remote domains refused whole. */
  listDomainBlocks: { method: 'GET', path: '/api/moderation/domain-blocks' },
  blockDomain: { method: 'POST', path: '/api/moderation/domain-blocks' },
  unblockDomain: { method: 'DELETE', path: '/api/moderation/domain-blocks/:domain' },

  /** Media bytes (not JSON): audio originals and renditions, and images. */
  mediaAudio: { method: 'GET', path: '/media/audio/:assetId/:file' },
  mediaImage: { method: 'GET', path: '/media/images/:file' },
  /** A post's drawn share image (link previews), at `<version>.png`: a new title or recording, a new version. */
  shareCard: { method: 'GET', path: '/media/share-cards/:id/:file' },

  /** This API described as an OpenAPI 3.1 document, generated from `routes.ts`. */
  openApiDocument: { method: 'GET', path: '/api/openapi.json' },
  /** A browsable reference of that document (an HTML page). */
  apiReference: { method: 'GET', path: '/api/docs' },

  /** Where browsers report what the Content-Security-Policy blocked. */
  cspReport: { method: 'POST', path: '/api/csp-reports' },
  /**
   * The manifest's share target when no service worker is there to take the share (a first visit, an evicted
   * worker): the page is sent home to say so (a navigation, not a fetch).
   */
  shareTarget: { method: 'POST', path: '/share-target' },
  /** The file the share sheet gave, kept for the signed-in person until their recorder takes it. */
  sharedAudio: { method: 'GET', path: '/api/shared-audio' },
  discardSharedAudio: { method: 'DELETE', path: '/api/shared-audio' },

  createFakeUser: { method: 'POST', path: '/api/create-fake-user' },
  testAudioAnalysis: { method: 'POST', path: '/api/test/audio-analysis' },
  testCspReports: { method: 'GET', path: '/api/test/csp-reports' },
} as const satisfies Record<string, { method: HttpMethod; path: string }>;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type EndpointName = keyof typeof endpoints;

/** Each route path split once at its `:name` segments: text, name, text, … text (lists build thousands of links). */
const pathParts = new Map<string, string[]>();

/** Fills `:name` segments of a route path, encoding each value. */
export function buildPath(path: string, params?: Record<string, string | number>): string {
  let parts = pathParts.get(path);
  if (!parts) {
    parts = path.split(/:([A-Za-z]+)/);
    pathParts.set(path, parts);
  }
  let built = parts[0]!;
  for (let index = 1; index < parts.length; index += 2) {
    const name = parts[index]!;
    const value = params?.[name];
    if (value === undefined) throw new Error(`Missing path parameter "${name}" for ${path}`);
    built += encodeURIComponent(String(value)) + parts[index + 1]!;
  }
  return built;
}
