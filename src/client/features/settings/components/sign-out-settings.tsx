import { LogOut } from 'lucide-react';
import { Button } from '@client/components/ui/button';
import { SIGN_OUT_URL, startSigningOut } from '@client/lib/session';
import { useAuth } from '@client/lib/use-auth';
import { SettingsSection } from './settings-section';

/**
 * Sign Out on every screen size. Phones reach it here rather than from a lone top-bar icon a stray tap would hit;
 * large screens also keep it in the side navigation (spec §2).
 */
export function SignOutSettings() {
  const { user } = useAuth();
  return (
    <SettingsSection id="account" title="Account" description={user && <>Signed in as {user.email}.</>}>
      <Button asChild variant="outline">
        <a href={SIGN_OUT_URL} onClick={startSigningOut}>
          <LogOut aria-hidden="true" />
          Sign Out
        </a>
      </Button>
    </SettingsSection>
  );
}
