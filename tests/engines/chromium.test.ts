import path from 'node:path';
import { engineFlows } from './flows';
import { microphoneWav } from './media';
import { ENGINE_PORTS } from './ports';
import { launchChromium } from './puppeteer-driver';

engineFlows('chromium', {
  port: ENGINE_PORTS.chromium,
  async launch(workDir) {
    const wav = path.join(workDir, 'microphone.wav');
    await microphoneWav(wav, 60);
    return launchChromium(wav);
  },
});
