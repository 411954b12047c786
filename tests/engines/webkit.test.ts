import { engineFlows } from './flows';
import { ENGINE_PORTS } from './ports';
import { launchWebKit } from './webdriver';

engineFlows('webkit', { port: ENGINE_PORTS.webkit, launch: () => launchWebKit(ENGINE_PORTS.webkitDriver) });
