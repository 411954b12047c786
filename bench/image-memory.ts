import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { signUp } from './http-load';
import { startMainServer } from './main-server';
import { memoryOf } from './proc-stats';
import { log, type Row } from './report';
import { idleRssMiB, peakOf, traceUpload } from './upload-memory';
import type { Workspace } from './workspace';

/** Uploads at once: as many as the reliability audit sent (938 MB peak with 49 MP pictures before the cap). */
const CONCURRENT_UPLOADS = 24;
/** The largest picture taken: 25 megapixels. */
const SIDE = 5_000;
/** The last of the burst waits for all the decodes before it. */
const UPLOAD_TIMEOUT_MS = 300_000;

/** A 25 MP RGBA PNG of one colour: a few hundred kilobytes that decode to 100 MB. */
function largePicture(): Promise<Buffer> {
  return sharp({ create: { width: SIDE, height: SIDE, channels: 4, background: '#3a7c' } })
    .png()
    .toBuffer();
}

function coverForm(picture: Buffer): { contentType: string; body: Buffer } {
  const boundary = `----earshotbench${randomBytes(12).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="coverImage"; filename="cover.png"\r\n` +
      'Content-Type: image/png\r\n\r\n',
  );
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    body: Buffer.concat([head, picture, Buffer.from(`\r\n--${boundary}--\r\n`)]),
  };
}

/** Server RSS while 24 people's 25 MP covers arrive at once (issue 25): decodes wait their turn two at a time. */
export async function benchImageMemory(workspace: Workspace): Promise<{ rows: Row[]; notes: string[] }> {
  const dataDir = await workspace.dir('image-data');
  const server = await startMainServer(workspace, dataDir);
  try {
    const picture = await largePicture();
    const cookies = await Promise.all(
      Array.from({ length: CONCURRENT_UPLOADS }, (_, index) =>
        signUp(server.port, `image-${index}@example.com`),
      ),
    );
    const upload = async (cookie: string) => {
      const form = coverForm(picture);
      const response = await fetch(`http://127.0.0.1:${server.port}/api/profile`, {
        method: 'PUT',
        headers: { cookie, 'content-type': form.contentType },
        body: new Uint8Array(form.body),
        signal: AbortSignal.timeout(UPLOAD_TIMEOUT_MS),
      });
      return { status: response.status, body: await response.text() };
    };
    // One first, so that what loads lazily (libvips) is part of "idle", as on a live server.
    const warm = await upload(cookies[0]!);
    if (warm.status !== 200) throw new Error(`warm-up upload failed: ${warm.status} ${warm.body}`);
    const idle = await idleRssMiB(server.pid);
    const hwmBefore = (await memoryOf(server.pid)).hwmMiB;
    log(`images: idle RSS ${idle.toFixed(1)} MiB; ${CONCURRENT_UPLOADS} covers of ${SIDE}x${SIDE} at once`);
    const start = performance.now();
    const burst = await traceUpload(server.pid, () => Promise.all(cookies.map(upload)));
    const elapsedS = (performance.now() - start) / 1000;
    const failed = burst.answer.filter((answer) => answer.status !== 200);
    const peak = peakOf(burst, hwmBefore);
    const rows: Row[] = [
      {
        section: 'Image memory',
        measure: `Server RSS above idle, ${CONCURRENT_UPLOADS} concurrent 25 MP PNG covers to PUT /api/profile`,
        ours: peak - idle,
        unit: 'MiB',
        goal: { kind: 'below', value: 256 },
        ...(failed.length > 0 && { invalid: `${failed.length} uploads answered ${failed[0]!.status}` }),
      },
    ];
    const notes = [
      `Image memory: ${(picture.length / 1024).toFixed(0)} KiB PNG (${SIDE}x${SIDE} RGBA), ${CONCURRENT_UPLOADS} people ` +
        `uploading it as their cover at once: idle ${idle.toFixed(1)} MiB, peak ${peak.toFixed(1)} MiB ` +
        `(${burst.samples} samples), all answered in ${elapsedS.toFixed(1)} s.`,
    ];
    return { rows, notes };
  } finally {
    await workspace.stop(server.child);
  }
}
