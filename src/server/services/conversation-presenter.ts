import type { Conversation, ConversationRecording } from '@shared/contract/conversations';
import { MESSAGE_WAVEFORM_BARS, PERSON_LEFT_EARSHOT_MESSAGE } from '@shared/domain/conversations';
import { heardBy } from '../access/conversations';
import { actorOf } from '../access/policy';
import { conversationResource } from '../access/resources';
import type { Db } from '../db/database';
import {
  findMyConversation,
  membersOfConversations,
  messagesWithAudioByIds,
  unheardCounts,
  type MessageWithAudio,
  type MyConversationRow,
} from '../db/queries/conversations';
import type { ConversationRow } from '../db/schema';
import { audioSourcesOf, parseJsonArray, speechRangesOf } from './post-presenter';
import type { UserService } from './user-service';

/** A direct conversation's two people, whether or not both are still in it. */
export const directPair = (conversation: Pick<ConversationRow, 'direct_key'>) =>
  conversation.direct_key?.split(' ') ?? [];

/** The spec §9 20-bar waveform from the analysis' 100 bars: the loudest of each run. */
export function messageWaveform(bars: number[]): number[] {
  if (bars.length === 0) return [];
  return Array.from({ length: MESSAGE_WAVEFORM_BARS }, (_, index) => {
    const start = Math.floor((index * bars.length) / MESSAGE_WAVEFORM_BARS);
    const end = Math.max(start + 1, Math.floor(((index + 1) * bars.length) / MESSAGE_WAVEFORM_BARS));
    return Math.max(...bars.slice(start, end));
  });
}

export interface ConversationPresenter {
  recordings(rows: MessageWithAudio[]): Promise<ConversationRecording[]>;
  /**
   * `viewerId`'s conversations as they see them: a last message hidden by moderators is shown to its sender alone,
   * and each counts the messages they hear (as their unread counts do).
   */
  conversations(viewerId: string, rows: MyConversationRow[]): Promise<Conversation[]>;
  /** One conversation as `userId` sees it, or undefined when they are not in it. */
  conversationOf(userId: string, conversationId: string): Promise<Conversation | undefined>;
}

/** Conversations and messages as the API shows them (spec §3). */
export function createConversationPresenter(db: Db, users: UserService): ConversationPresenter {
  async function recordings(rows: MessageWithAudio[]): Promise<ConversationRecording[]> {
    const senders = await users.publicUsersByIds(rows.map((row) => row.user_id));
    return rows.flatMap((row) => {
      const user = senders.get(row.user_id);
      if (!user) return [];
      const audioSources = audioSourcesOf(row.audio_id, row);
      return [
        {
          id: row.id,
          conversationId: row.conversation_id,
          userId: row.user_id,
          user,
          audioUrl: audioSources[0]!.url,
          audioSources,
          duration: row.duration,
          transcription: row.transcription,
          timestamp: row.created_at,
          peaks: messageWaveform(parseJsonArray<number>(row.waveform_json)),
          speech: speechRangesOf(row.speech_json),
        },
      ];
    });
  }

  async function conversations(viewerId: string, rows: MyConversationRow[]): Promise<Conversation[]> {
    const ids = rows.map((row) => row.id);
    const [members, unheard, lastOnes] = await Promise.all([
      membersOfConversations(db, ids),
      unheardCounts(db, viewerId, ids),
      messagesWithAudioByIds(
        db,
        rows.flatMap((row) => (row.last_message_id ? [row.last_message_id] : [])),
      ),
    ]);
    // A last message the viewer may not hear (hidden, or across a block) is not shown.
    const lastMessages = await recordings(
      await heardBy(db, actorOf(viewerId), lastOnes, (message) =>
        conversationResource(members.get(message.conversation_id) ?? []),
      ),
    );
    const participantIds = (row: MyConversationRow) =>
      row.type === 'direct' ? directPair(row) : (members.get(row.id) ?? []);
    const people = await users.publicUsersByIds(rows.flatMap(participantIds));
    return rows.map((row) => ({
      id: row.id,
      type: row.type,
      name: row.name,
      participants: participantIds(row).flatMap((id) => people.get(id) ?? []),
      recordings: row.message_count - (unheard.get(row.id) ?? 0),
      lastMessage: lastMessages.find((message) => message.id === row.last_message_id) ?? null,
      lastActivity: row.last_activity_at,
      unreadCount: row.unread_count,
      closedReason:
        row.type === 'direct' && directPair(row).some((id) => !people.has(id))
          ? PERSON_LEFT_EARSHOT_MESSAGE
          : null,
    }));
  }

  async function conversationOf(userId: string, conversationId: string): Promise<Conversation | undefined> {
    const row = await findMyConversation(db, userId, conversationId);
    return row && (await conversations(userId, [row]))[0];
  }

  return { recordings, conversations, conversationOf };
}
