export const CONVERSATION_TYPES = ['direct', 'group'] as const;
export type ConversationType = (typeof CONVERSATION_TYPES)[number];

export const GROUP_NAME_MAX_LENGTH = 80;
/** People a group may hold, its creator included. */
export const GROUP_MAX_MEMBERS = 50;
/** Spec §9: a voice message's waveform has 20 bars. */
export const MESSAGE_WAVEFORM_BARS = 20;
export const MESSAGE_TRANSCRIPTION_MAX_LENGTH = 5000;
/** Fifteen minutes at 512 kb/s (see COMMENT_MAX_BYTES), above any bit rate a browser records at. */
export const MESSAGE_MAX_BYTES = 60 * 1024 * 1024;
/** Spec §5 Conversations, "No Content". */
export const NO_MESSAGES_TO_POST_MESSAGE = 'This conversation has no voice messages to post.';
/** The start of a published conversation's title (spec §7): "Conversation with ...". */
export const CONVERSATION_POST_TITLE_PREFIX = 'Conversation with';

/** A person's setting for who may add them to a group (as WhatsApp has); a direct chat stays open to everyone. */
export const GROUP_ADDS = ['everyone', 'following', 'nobody'] as const;
export type GroupAdds = (typeof GROUP_ADDS)[number];

/** Conversations (direct or group) one person may start in an hour: plenty to talk, too few to pull many in. */
export const CONVERSATIONS_STARTED_PER_HOUR = 20;

/** Why a direct conversation whose other person deleted their account takes no more messages. */
export const PERSON_LEFT_EARSHOT_MESSAGE = 'This person has left Earshot.';
