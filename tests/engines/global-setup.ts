import { execFileSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { chromiumPath } from '../../playwright.config';

/** What the tier drives, all from Debian (README, "Tests"); a missing one is said before anything starts. */
const REQUIRED = [
  [chromiumPath, 'chromium'],
  [process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr', 'firefox-esr'],
  ['/usr/bin/pulseaudio', 'pulseaudio'],
  ['/usr/bin/WebKitWebDriver', 'webkit2gtk-driver'],
  ['/usr/bin/Xvfb', 'xvfb'],
] as const;

/**
 * Builds the app once (the production bundle, as people get it) for the three engines' servers; with
 * ENGINES_SKIP_BUILD=1 it takes the dist/ a build just made (CI's e2e step builds the same bundle).
 */
export default function setup(): void {
  const missing = REQUIRED.filter(([file]) => {
    try {
      accessSync(file, constants.X_OK);
      return false;
    } catch {
      return true;
    }
  });
  if (missing.length > 0) {
    throw new Error(
      `Missing: ${missing.map(([file, pkg]) => `${file} (apt-get install ${pkg})`).join(', ')}`,
    );
  }
  if (process.env.ENGINES_SKIP_BUILD === '1') return;
  execFileSync('npm', ['run', 'build'], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
}
