import { engineFlows } from './flows';
import { ENGINE_PORTS } from './ports';
import { launchWebKit } from './webdriver';

engineFlows('webkit', {
  port: ENGINE_PORTS.webkit,
  launch: (workDir) => launchWebKit(ENGINE_PORTS.webkitDriver, workDir),
});
