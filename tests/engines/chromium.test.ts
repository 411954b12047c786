import path from 'node:path';
import { writeMicrophoneWav } from '../support/microphone';
import { engineFlows } from './flows';
import { ENGINE_PORTS } from './ports';
import { launchChromium } from './puppeteer-driver';

engineFlows('chromium', {
  port: ENGINE_PORTS.chromium,
  async launch(workDir) {
    const wav = path.join(workDir, 'microphone.wav');
    await writeMicrophoneWav(wav);
    return launchChromium(wav);
  },
});
