import { MAIN_CONTENT_ID, SkipLink } from '@client/components/skip-link';
import { SharingGuidelines } from '@client/components/sharing-guidelines';
import { LandingCallToAction } from '@client/features/landing/components/landing-call-to-action';
import { LandingFeatures } from '@client/features/landing/components/landing-features';
import { LandingFooter } from '@client/features/landing/components/landing-footer';
import { LandingHeader } from '@client/features/landing/components/landing-header';
import { LandingHero } from '@client/features/landing/components/landing-hero';
import { useSharedAudioSignedOut } from '@client/lib/shared-audio';
import { useAuth } from '@client/lib/use-auth';
import { useDocumentTitle } from '@client/lib/use-document-title';

export function LandingPage() {
  useDocumentTitle();
  const { user, isKnown } = useAuth();
  // While the session loads this page shows at `/` too; only a visitor known to be signed out lets a share go.
  useSharedAudioSignedOut(isKnown && !user);
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <LandingHeader />
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex-1 outline-none">
        <LandingHero />
        <LandingFeatures />
        <LandingCallToAction />
        <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
          <SharingGuidelines />
        </div>
      </main>
      <LandingFooter />
    </div>
  );
}
