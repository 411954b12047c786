import { engineFlows } from './flows';
import { launchWebKit } from './webdriver';

engineFlows('webkit', { port: 3433, launch: () => launchWebKit(3434) });
