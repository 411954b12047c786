import { BrandLogo } from '@client/components/brand-logo';
import { ThemeToggle } from '@client/components/theme-toggle';
import { Button } from '@client/components/ui/button';
import { SIGN_IN_URL } from '@client/lib/session';

export function LandingHeader() {
  return (
    <header className="sticky top-0 z-40 border-b border-transparent bg-background/80 backdrop-blur-lg supports-[backdrop-filter]:bg-background/70">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <BrandLogo />
        <div className="flex items-center gap-1.5 sm:gap-2">
          <ThemeToggle />
          <Button asChild size="sm">
            <a href={SIGN_IN_URL}>Sign In</a>
          </Button>
        </div>
      </div>
    </header>
  );
}
