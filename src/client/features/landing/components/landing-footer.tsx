import { BrandLogo } from '@client/components/brand-logo';
import { PRODUCT_NAME, PRODUCT_TAGLINE } from '@shared/domain/product';

export function LandingFooter() {
  return (
    <footer className="border-t">
      <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-4 px-4 py-8 text-sm text-muted-foreground sm:flex-row sm:px-6">
        <BrandLogo className="text-base text-foreground" />
        <p>{PRODUCT_TAGLINE}.</p>
        <p>
          © {new Date().getFullYear()} {PRODUCT_NAME}
        </p>
      </div>
    </footer>
  );
}
