export const MAIN_CONTENT_ID = 'main-content';

/** First focusable element on every page: jumps keyboard users past the navigation. */
export function SkipLink() {
  return (
    <a
      href={`#${MAIN_CONTENT_ID}`}
      className="sr-only rounded-full bg-primary px-4 py-2 text-sm font-semibold text-primary-foreground shadow-lifted focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-[110]"
    >
      Skip to content
    </a>
  );
}
