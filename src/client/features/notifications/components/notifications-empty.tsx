import { Bell } from 'lucide-react';
import { EmptyState } from '@client/components/empty-state';

/** Spec §2: "No notifications yet". */
export function NotificationsEmpty() {
  return (
    <EmptyState
      icon={Bell}
      title="No notifications yet"
      description="When people like your posts, reply by voice or follow you, you’ll hear about it here."
    />
  );
}
