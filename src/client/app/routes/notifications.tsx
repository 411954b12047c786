import { Bell } from 'lucide-react';
import { ComingSoon } from '@client/components/coming-soon';

export function NotificationsPage() {
  return (
    <ComingSoon
      icon={Bell}
      title="Notifications"
      description="Likes, comments and new followers."
      preview="You will see here who listened, replied and followed you."
    />
  );
}
