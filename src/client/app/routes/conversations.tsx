import { MessagesSquare } from 'lucide-react';
import { ComingSoon } from '@client/components/coming-soon';

export function ConversationsPage() {
  return (
    <ComingSoon
      icon={MessagesSquare}
      title="Conversations"
      description="Direct and group chats, spoken instead of typed."
      preview="Soon you will trade voice messages with friends, one to one or in groups."
    />
  );
}
