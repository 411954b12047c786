import { engineFlows } from './flows';
import { ENGINE_PORTS } from './ports';
import { launchFirefox } from './puppeteer-driver';

engineFlows('firefox', { port: ENGINE_PORTS.firefox, launch: (workDir) => launchFirefox(workDir) });
