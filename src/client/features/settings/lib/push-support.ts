/**
 * Whether this browser can receive pushes:
 * - `home-screen-only`: iPhone or iPad in a browser tab. iOS and iPadOS deliver Web Push only to a web app added
 *   to the Home Screen and opened from there; in a tab the APIs are missing or never deliver.
 * - `unsupported`: no service worker, Push API or notifications here.
 */
export type PushSupport = 'supported' | 'home-screen-only' | 'unsupported';

/** The parts of the browser the answer depends on (a test passes its own). */
export interface BrowserTraits {
  userAgent: string;
  maxTouchPoints: number;
  /** Safari's own flag for a page opened from the Home Screen. */
  standalone?: boolean;
  displayModeStandalone: boolean;
  hasServiceWorker: boolean;
  hasPushManager: boolean;
  hasNotification: boolean;
}

export function browserTraits(): BrowserTraits {
  return {
    userAgent: navigator.userAgent,
    maxTouchPoints: navigator.maxTouchPoints,
    standalone: (navigator as Navigator & { standalone?: boolean }).standalone,
    displayModeStandalone: window.matchMedia?.('(display-mode: standalone)').matches ?? false,
    hasServiceWorker: 'serviceWorker' in navigator,
    hasPushManager: 'PushManager' in window,
    hasNotification: 'Notification' in window,
  };
}

/** iPhone, iPod or iPad, including an iPad asking for desktop sites (it then says "Macintosh", but has touch). */
export function isAppleMobile({
  userAgent,
  maxTouchPoints,
}: Pick<BrowserTraits, 'userAgent' | 'maxTouchPoints'>) {
  return /\b(iPhone|iPad|iPod)\b/.test(userAgent) || (/\bMacintosh\b/.test(userAgent) && maxTouchPoints > 1);
}

export function pushSupport(traits: BrowserTraits = browserTraits()): PushSupport {
  const installed = traits.standalone === true || traits.displayModeStandalone;
  if (isAppleMobile(traits) && !installed) return 'home-screen-only';
  if (!traits.hasServiceWorker || !traits.hasPushManager || !traits.hasNotification) return 'unsupported';
  return 'supported';
}

const BROWSERS: [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\b(OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(Firefox|FxiOS)\//, 'Firefox'],
  [/\b(Chrome|Chromium|CriOS)\//, 'Chrome'],
  [/\bSafari\//, 'Safari'],
];
const SYSTEMS: [RegExp, string][] = [
  [/\biPad\b/, 'iPad'],
  [/\biPhone\b/, 'iPhone'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMacintosh\b/, 'Mac'],
  [/\bLinux\b/, 'Linux'],
];
const firstMatch = (list: [RegExp, string][], text: string) =>
  list.find(([pattern]) => pattern.test(text))?.[1];

/** A name a person recognises in their list of devices: "Firefox on Android", "Safari on iPad". */
export function deviceName(traits: Pick<BrowserTraits, 'userAgent' | 'maxTouchPoints'>): string {
  const browser = firstMatch(BROWSERS, traits.userAgent) ?? 'Browser';
  const ipadAsDesktop = !/\biPhone\b/.test(traits.userAgent) && isAppleMobile(traits);
  const system = ipadAsDesktop ? 'iPad' : firstMatch(SYSTEMS, traits.userAgent);
  return system ? `${browser} on ${system}` : browser;
}
