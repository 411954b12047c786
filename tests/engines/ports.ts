/**
 * The tier's ports: each engine's app server and WebKit's WebDriver, from ENGINES_PORT (3431 unless set), so two
 * checkouts on one machine can run it at once.
 */
const base = Number(process.env.ENGINES_PORT ?? 3431);

export const ENGINE_PORTS = {
  chromium: base,
  firefox: base + 1,
  webkit: base + 2,
  webkitDriver: base + 3,
  /** Another site's page framing the embeddable player, one per engine. */
  foreignSite: { chromium: base + 4, firefox: base + 5, webkit: base + 6 },
} as const;
