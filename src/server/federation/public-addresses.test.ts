import { describe, expect, it } from 'vitest';
import { createPublicAddresses } from './public-addresses';

const urls = (...hrefs: string[]) => hrefs.map((href) => new URL(href));

describe('where deliveries may go', () => {
  const guarded = createPublicAddresses(false);

  it('refuses loopback, private, link-local and IPv4-compatible addresses, and plain http', async () => {
    for (const href of [
      'https://127.0.0.1/inbox',
      'https://10.1.2.3/inbox',
      'https://192.168.0.9/inbox',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/inbox',
      'https://[::127.0.0.1]/inbox',
      'https://[fd00::1]/inbox',
      'http://93.184.216.34/inbox',
    ]) {
      expect(await guarded.mayDeliverTo(urls(href)), href).toBe(false);
    }
  });

  it('takes https to a public address, and refuses a list with one private address in it', async () => {
    expect(await guarded.mayDeliverTo(urls('https://93.184.216.34/inbox'))).toBe(true);
    expect(await guarded.mayDeliverTo(urls('https://93.184.216.34/inbox', 'https://10.0.0.1/inbox'))).toBe(
      false,
    );
  });

  it('lets everything through with FEDERATION_ALLOW_PRIVATE_ADDRESSES (tests, closed networks)', async () => {
    const open = createPublicAddresses(true);
    expect(await open.mayDeliverTo(urls('http://127.0.0.1:4100/inbox'))).toBe(true);
  });
});
