import type { Conversation } from '@shared/contract/conversations';
import type { PublicUser } from '@shared/contract/users';
import { displayName } from '@shared/domain/display-name';
import { formatDuration } from '@client/lib/format';

/** Everyone in it but me. */
export function othersIn(conversation: Conversation, myId: string): PublicUser[] {
  return conversation.participants.filter((person) => person.id !== myId);
}

/** A group's name, else who I talk with ("Ada Lovelace", or "Ada, Grace and Alan"). */
export function conversationTitle(conversation: Conversation, myId: string): string {
  if (conversation.type === 'group' && conversation.name) return conversation.name;
  const others = othersIn(conversation, myId);
  // A direct chat's other person who deleted their account is no longer named anywhere.
  if (others.length === 0) return conversation.closedReason ? 'Deleted account' : 'Just you';
  if (others.length === 1) return displayName(others[0]);
  return namesInPlainWords(others);
}

/** "Ada", "Ada and Grace", "Ada, Grace and Alan": first names where people have them. */
export function namesInPlainWords(people: readonly PublicUser[]): string {
  const names = people.map((person) => person.firstName || displayName(person));
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/** The card's last line: who spoke last and what they said, or how long it was. */
export function lastMessageSummary(conversation: Conversation, myId: string): string {
  const message = conversation.lastMessage;
  if (!message) return 'No messages yet';
  const speaker =
    message.userId === myId
      ? 'You'
      : conversation.type === 'group'
        ? message.user.firstName || displayName(message.user)
        : null;
  const said = message.transcription?.trim() || `Voice message · ${formatDuration(message.duration)}`;
  return speaker ? `${speaker}: ${said}` : said;
}

/** The search box matches the title, a member's name or handle, and the last message's words. */
export function matchesSearch(conversation: Conversation, myId: string, query: string): boolean {
  const needle = query.trim().toLowerCase();
  if (!needle) return true;
  const haystack = [
    conversationTitle(conversation, myId),
    ...conversation.participants.flatMap((person) => [displayName(person), person.username]),
    conversation.lastMessage?.transcription ?? '',
  ];
  return haystack.some((text) => text.toLowerCase().includes(needle));
}

export function recordingCountLabel(count: number): string {
  return `${count} ${count === 1 ? 'recording' : 'recordings'}`;
}
