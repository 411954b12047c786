import { engineFlows } from './flows';
import { launchFirefox } from './puppeteer-driver';

engineFlows('firefox', { port: 3432, launch: (workDir) => launchFirefox(workDir) });
