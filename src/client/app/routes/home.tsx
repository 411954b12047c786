import { displayName } from '@shared/domain/display-name';
import { HomeShortcuts } from '@client/features/feed/components/home-shortcuts';
import { WelcomeBanner } from '@client/features/feed/components/welcome-banner';
import { useAuth } from '@client/lib/use-auth';
import { useDocumentTitle } from '@client/lib/use-document-title';

export function HomePage() {
  const { user } = useAuth();
  useDocumentTitle('Home');
  return (
    <div className="space-y-10">
      <WelcomeBanner name={displayName(user)} />
      <HomeShortcuts />
    </div>
  );
}
