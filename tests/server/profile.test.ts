import { crc32, deflateSync } from 'node:zlib';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CurrentUser, PublicUser } from '../../src/shared/contract/users';
import {
  BIO_TOO_LONG_MESSAGE,
  COVER_IMAGE_TOO_LARGE_MESSAGE,
  LINK_SCHEME_MESSAGE,
  LINKS_NOT_A_LIST_MESSAGE,
  PROFILE_IMAGE_TOO_LARGE_MESSAGE,
  TOO_MANY_LINKS_MESSAGE,
  USERNAME_TAKEN_MESSAGE,
  WEBSITE_SCHEME_MESSAGE,
} from '../../src/shared/domain/profile';
import { USERNAME_RULE_MESSAGE } from '../../src/shared/domain/username';
import { keysUnder } from '../../src/server/storage/blob-store';
import { multipartForm } from '../support/audio';
import { signUp, type SignedIn } from './support/accounts';
import { createTestApp, databaseKind, type TestApp } from './support/test-app';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp?.close());

type Picture = { field: 'profileImage' | 'coverImage'; content: Buffer; contentType?: string };

function editProfile(who: SignedIn | undefined, fields: Record<string, string>, pictures: Picture[] = []) {
  const form = multipartForm(
    fields,
    pictures.map((picture) => ({
      field: picture.field,
      filename: 'picture',
      contentType: picture.contentType ?? 'image/jpeg',
      content: picture.content,
    })),
  );
  return testApp.app.inject({
    method: 'PUT',
    url: '/api/profile',
    headers: { ...form.headers, ...(who && { cookie: who.cookie }) },
    payload: form.payload,
  });
}

const editAbout = (who: SignedIn, body: Record<string, unknown> | unknown[]) =>
  testApp.app.inject({ method: 'PUT', url: '/api/profile', headers: { cookie: who.cookie }, payload: body });

async function publicProfile(who: SignedIn): Promise<PublicUser> {
  return (await testApp.app.inject({ url: `/api/users/${who.user.id}` })).json();
}

const storedImages = () => keysUnder(testApp.context.blobs, 'images/');

const photo = (width = 64, height = 48) =>
  sharp({ create: { width, height, channels: 3, background: '#3a7' } })
    .jpeg()
    .toBuffer();

/** A phone photo: EXIF with the camera and a GPS position. */
const photoWithGps = () =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: '#a53' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Pocket 9' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '51/1 30/1 2640/100',
        GPSLongitudeRef: 'W',
        GPSLongitude: '0/1 7/1 3960/100',
      },
    })
    .toBuffer();

function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A tiny file that declares 20000x20000 pixels: decoding it would take 1.6 GB. */
function decompressionBomb(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(20_000, 0);
  header.writeUInt32BE(20_000, 4);
  header.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.alloc(1024))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

async function served(url: string | null) {
  expect(url).toMatch(/^\/media\/images\/[0-9a-f-]+\.webp$/);
  const response = await testApp.app.inject({ url: url! });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('image/webp');
  return response.rawPayload;
}

describe(`profile edits on ${databaseKind}`, () => {
  it('saves the Edit Profile fields, leaves empty ones as they were, and answers the current user', async () => {
    const ada = await signUp(testApp.app);
    const links = [
      { title: 'Site', url: 'https://ada.example/' },
      { title: '', url: 'https://dropped.example/' },
      { title: 'Podcast', url: 'http://pod.example/feed' },
    ];
    const response = await editProfile(ada, {
      username: `  Ada.Voice_${ada.user.id.slice(0, 6)}  `,
      firstName: 'Ada',
      lastName: 'Lovelace',
      bio: 'Engines and voices.',
      links: JSON.stringify(links),
    });
    expect(response.statusCode).toBe(200);
    const user = response.json<CurrentUser>();
    expect(user).toMatchObject({
      email: ada.email,
      username: `Ada.Voice_${ada.user.id.slice(0, 6)}`,
      firstName: 'Ada',
      lastName: 'Lovelace',
      bio: 'Engines and voices.',
      links: [links[0], links[2]],
    });

    const blanks = await editProfile(ada, { username: ' ', firstName: '', bio: '', links: '' });
    expect(blanks.statusCode).toBe(200);
    expect(await publicProfile(ada)).toMatchObject({
      username: user.username,
      firstName: 'Ada',
      bio: 'Engines and voices.',
      links: [links[0], links[2]],
    });
  });

  it('saves the About tab’s JSON on the same path', async () => {
    const bo = await signUp(testApp.app);
    const response = await editAbout(bo, {
      bio: 'About me',
      location: 'Lisbon',
      website: 'https://bo.example',
      interests: 'radio, birds',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ email: bo.email, bio: 'About me', location: 'Lisbon' });
    expect(await publicProfile(bo)).toMatchObject({
      bio: 'About me',
      location: 'Lisbon',
      website: 'https://bo.example/',
      interests: 'radio, birds',
    });
    expect((await editAbout(bo, { location: '', website: '  ' })).statusCode).toBe(200);
    expect(await publicProfile(bo)).toMatchObject({ location: 'Lisbon', website: 'https://bo.example/' });

    expect((await editAbout(bo, { location: null, interests: null })).statusCode).toBe(200);
    expect(await publicProfile(bo)).toMatchObject({
      bio: 'About me',
      location: null,
      website: 'https://bo.example/',
      interests: null,
    });
  });

  it('clears the names and bio the Edit Profile form lists in clear, and only those', async () => {
    const cy = await signUp(testApp.app);
    await editProfile(cy, { firstName: 'Cy', lastName: 'Twombly', bio: 'Painter of sound.' });
    const cleared = await editProfile(cy, { firstName: 'Cyrus', clear: 'bio, lastName' });
    expect(cleared.statusCode).toBe(200);
    expect(await publicProfile(cy)).toMatchObject({ firstName: 'Cyrus', lastName: null, bio: null });

    const refused = await editProfile(cy, { firstName: 'Nobody', clear: 'username' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      'clear lists the fields to empty, separated by commas: firstName, lastName, bio.',
    );
    expect((await publicProfile(cy)).firstName).toBe('Cyrus');
  });

  it('refuses each broken rule with its message and changes nothing', async () => {
    const cy = await signUp(testApp.app);
    const refusals: Array<[Record<string, string>, string]> = [
      [{ username: 'ab' }, USERNAME_RULE_MESSAGE],
      [{ username: 'a'.repeat(31) }, USERNAME_RULE_MESSAGE],
      [{ username: 'no spaces' }, USERNAME_RULE_MESSAGE],
      [{ username: 'ünï' }, USERNAME_RULE_MESSAGE],
      [{ bio: 'b'.repeat(501) }, BIO_TOO_LONG_MESSAGE],
      [{ links: 'not json' }, LINKS_NOT_A_LIST_MESSAGE],
      [{ links: '{"title":"x"}' }, LINKS_NOT_A_LIST_MESSAGE],
      [
        {
          links: JSON.stringify(
            Array.from({ length: 6 }, (_, i) => ({ title: `L${i}`, url: `https://l${i}.example` })),
          ),
        },
        TOO_MANY_LINKS_MESSAGE,
      ],
      [{ links: JSON.stringify([{ title: 'x', url: 'javascript:alert(1)' }]) }, LINK_SCHEME_MESSAGE],
      [
        { links: JSON.stringify([{ title: 'x', url: 'data:text/html,<script>alert(1)</script>' }]) },
        LINK_SCHEME_MESSAGE,
      ],
      [{ links: JSON.stringify([{ title: 'x', url: 'ftp://files.example' }]) }, LINK_SCHEME_MESSAGE],
      [{ firstName: 'n'.repeat(81) }, 'Names can be at most 80 characters.'],
    ];
    for (const [fields, message] of refusals) {
      const response = await editProfile(cy, { bio: 'should not be saved', ...fields });
      expect(response.statusCode, JSON.stringify(fields)).toBe(400);
      expect(response.json().message).toBe(message);
    }
    const aboutRefusals: Array<[Record<string, unknown>, string]> = [
      [{ website: 'javascript:alert(1)' }, WEBSITE_SCHEME_MESSAGE],
      [{ website: 'data:text/html;base64,PHNjcmlwdD4=' }, WEBSITE_SCHEME_MESSAGE],
      [{ website: 'bo.example' }, WEBSITE_SCHEME_MESSAGE],
      [{ bio: 'b'.repeat(501) }, BIO_TOO_LONG_MESSAGE],
      [{ location: 'l'.repeat(101) }, 'Location can be at most 100 characters.'],
    ];
    for (const [body, message] of aboutRefusals) {
      const response = await editAbout(cy, { interests: 'should not be saved', ...body });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().message).toBe(message);
    }
    const tooLarge = Buffer.alloc(10 * 1024 * 1024 + 1);
    for (const [field, message] of [
      ['profileImage', PROFILE_IMAGE_TOO_LARGE_MESSAGE],
      ['coverImage', COVER_IMAGE_TOO_LARGE_MESSAGE],
    ] as const) {
      const response = await editProfile(cy, {}, [{ field, content: tooLarge }]);
      expect(response.statusCode).toBe(413);
      expect(response.json().message).toBe(message);
    }
    expect(await publicProfile(cy)).toMatchObject({ bio: null, interests: null, profileImageUrl: null });
  });

  it('refuses an About body of another shape, saying what the About tab sends', async () => {
    const di = await signUp(testApp.app);
    for (const body of [{ username: 'x' }, [], { bio: 5 }, { bio: 'kept out', username: 'x' }]) {
      const response = await editAbout(di, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toEqual({
        message: 'The About tab sends only bio, location, website and interests.',
      });
    }
    expect(await publicProfile(di)).toMatchObject({ username: di.user.username, bio: null });
  });

  it('keeps usernames unique whatever their case, and one of two simultaneous claims wins', async () => {
    const [first, second, third] = [
      await signUp(testApp.app),
      await signUp(testApp.app),
      await signUp(testApp.app),
    ];
    const name = `Echo.${first.user.id.slice(0, 8)}`;
    expect((await editProfile(first, { username: name })).statusCode).toBe(200);
    const clash = await editProfile(second, { username: name.toUpperCase() });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe(USERNAME_TAKEN_MESSAGE);
    // Keeping one's own name in another case is allowed.
    expect((await editProfile(first, { username: name.toLowerCase() })).statusCode).toBe(200);

    const contested = `wren-${second.user.id.slice(0, 8)}`;
    const answers = await Promise.all([
      editProfile(second, { username: contested }),
      editProfile(third, { username: contested.toUpperCase() }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);

    // The same spelling too: the lower(username) index alone holds it (PostgreSQL has no other since 20261124T1600).
    const same = `lark-${third.user.id.slice(0, 8)}`;
    const sameAnswers = await Promise.all([
      editProfile(first, { username: same }),
      editProfile(third, { username: same }),
    ]);
    expect(sameAnswers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
  });

  it('indexes usernames once on PostgreSQL (lower case only), and voice bios by their audio', async () => {
    const indexes = async (table: string) =>
      databaseKind === 'postgres'
        ? (
            await sql<{ name: string }>`select indexname as name from pg_indexes
              where schemaname = current_schema() and tablename = ${table}`.execute(testApp.context.db)
          ).rows.map((row) => row.name)
        : (
            await sql<{ name: string }>`select name from sqlite_master
              where type = 'index' and tbl_name = ${table}`.execute(testApp.context.db)
          ).rows.map((row) => row.name);
    expect(await indexes('voice_bios')).toContain('voice_bios_audio_id');
    if (databaseKind === 'postgres') {
      expect((await indexes('users')).filter((name) => name.includes('username'))).toEqual([
        'users_username_lower',
      ]);
    }
  });

  it('serves a phone photo upright, resized, as WebP and without its EXIF or GPS position', async () => {
    const dee = await signUp(testApp.app);
    const original = await photoWithGps();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const sideways = await sharp({ create: { width: 800, height: 400, channels: 3, background: '#246' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();

    const response = await editProfile(dee, {}, [
      { field: 'profileImage', content: original },
      { field: 'coverImage', content: sideways },
    ]);
    expect(response.statusCode).toBe(200);
    const user = response.json<CurrentUser>();

    const avatar = await served(user.profileImageUrl);
    const avatarMeta = await sharp(avatar).metadata();
    expect(avatarMeta).toMatchObject({ format: 'webp', width: 256, height: 256 });
    expect(avatarMeta.exif).toBeUndefined();
    expect(avatarMeta.xmp).toBeUndefined();
    expect(avatar.includes('PhoneMaker')).toBe(false);

    const cover = await sharp(await served(user.backgroundImageUrl)).metadata();
    // Turned upright from EXIF orientation 6 (the 800x400 landscape is portrait), then fitted within 1500x500.
    expect(cover).toMatchObject({ format: 'webp', width: 250, height: 500 });
    expect(cover.exif).toBeUndefined();
    expect(cover.orientation).toBeUndefined();
  });

  it('refuses a picture over 25 megapixels, saying why, before decoding it', async () => {
    const eve = await signUp(testApp.app);
    const before = await storedImages();
    // 6000x4500 of one colour: 27 megapixels in a few kilobytes.
    const large = await sharp({ create: { width: 6000, height: 4500, channels: 3, background: '#3a7' } })
      .png()
      .toBuffer();
    const answer = await editProfile(eve, {}, [
      { field: 'coverImage', content: large, contentType: 'image/png' },
    ]);
    expect(answer.statusCode).toBe(422);
    expect(answer.json().message).toBe(
      'This image is too large to process. Please choose one under 25 megapixels: pictures are shown at most 1500 pixels wide, so a smaller one looks the same.',
    );
    expect(await storedImages()).toEqual(before);
  });

  it('takes at most 30 new pictures from one person in an hour', async () => {
    const [busy, other] = await Promise.all([signUp(testApp.app), signUp(testApp.app)]);
    const avatar = await photo(16, 16);
    for (let upload = 0; upload < 15; upload += 1) {
      const answer = await editProfile(busy, {}, [
        { field: 'profileImage', content: avatar },
        { field: 'coverImage', content: avatar },
      ]);
      expect(answer.statusCode, answer.body).toBe(200);
    }
    const refused = await editProfile(busy, {}, [{ field: 'profileImage', content: avatar }]);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(
      'You have uploaded 30 pictures in the last hour. Please wait a while and try again.',
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Other people, and the rest of the profile, are not held up.
    expect((await editProfile(other, {}, [{ field: 'profileImage', content: avatar }])).statusCode).toBe(200);
    expect((await editAbout(busy, { location: 'Hobart' })).statusCode).toBe(200);
  });

  it('refuses an SVG and a decompression bomb, storing nothing, and serves a polyglot PNG without its page', async () => {
    const eve = await signUp(testApp.app);
    const before = await storedImages();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const svgAnswer = await editProfile(eve, {}, [
      { field: 'profileImage', content: svg, contentType: 'image/svg+xml' },
    ]);
    expect(svgAnswer.statusCode).toBe(422);
    expect(svgAnswer.json().message).toBe('Photos must be PNG, JPEG, WebP or GIF images.');

    const bomb = await editProfile(eve, {}, [
      { field: 'coverImage', content: decompressionBomb(), contentType: 'image/png' },
    ]);
    expect(bomb.statusCode).toBe(422);
    expect(bomb.json().message).toMatch(/too large to process/);
    expect(await storedImages()).toEqual(before);

    const page = '<html><body><script>alert(document.cookie)</script></body></html>';
    const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const iend = png.length - 12;
    const polyglot = Buffer.concat([
      png.subarray(0, iend),
      pngChunk('tEXt', Buffer.from(`html\0${page}`)),
      png.subarray(iend),
      Buffer.from(page),
    ]);
    const answer = await editProfile(eve, {}, [
      { field: 'profileImage', content: polyglot, contentType: 'image/png' },
    ]);
    // Decoded and drawn again: the page in its text chunk and after its end is not in the served file.
    expect(answer.statusCode).toBe(200);
    const bytes = await served(answer.json<CurrentUser>().profileImageUrl);
    expect(bytes.includes('<script')).toBe(false);
    expect(bytes.includes('<html')).toBe(false);
  });

  it('deletes replaced pictures, and a refused edit leaves no picture behind', async () => {
    const fay = await signUp(testApp.app);
    const first = (
      await editProfile(fay, {}, [{ field: 'profileImage', content: await photo() }])
    ).json<CurrentUser>();
    const firstKey = `images/${first.profileImageUrl!.split('/').pop()}`;
    expect(await storedImages()).toContain(firstKey);

    const second = await editProfile(fay, {}, [
      { field: 'profileImage', content: await photo(80, 80) },
      { field: 'coverImage', content: await photo(1200, 300) },
    ]);
    expect(second.statusCode).toBe(200);
    const replaced = second.json<CurrentUser>();
    const keys = await storedImages();
    expect(keys).not.toContain(firstKey);
    expect(keys).toContain(`images/${replaced.profileImageUrl!.split('/').pop()}`);
    expect((await testApp.app.inject({ url: first.profileImageUrl! })).statusCode).toBe(404);

    const taken = await signUp(testApp.app);
    const takenName = `taken-${taken.user.id.slice(0, 8)}`;
    await editProfile(taken, { username: takenName });
    const before = await storedImages();
    const clash = await editProfile(fay, { username: takenName }, [
      { field: 'coverImage', content: await photo() },
    ]);
    expect(clash.statusCode).toBe(409);
    const halfBad = await editProfile(fay, {}, [
      { field: 'profileImage', content: await photo() },
      { field: 'coverImage', content: Buffer.from('<svg/>') },
    ]);
    expect(halfBad.statusCode).toBe(422);
    expect(await storedImages()).toEqual(before);
    expect(await publicProfile(fay)).toMatchObject({
      profileImageUrl: replaced.profileImageUrl,
      backgroundImageUrl: replaced.backgroundImageUrl,
    });
  });

  it('changes only the signed-in person, and nothing for a visitor', async () => {
    const gus = await signUp(testApp.app);
    const hal = await signUp(testApp.app);
    const visitor = await editProfile(undefined, { bio: 'hijack' });
    expect(visitor.statusCode).toBe(401);
    const position = await testApp.app.inject({
      method: 'PUT',
      url: '/api/profile/image-position',
      payload: { offsetX: 1, offsetY: 1 },
    });
    expect(position.statusCode).toBe(401);

    const own = await editProfile(hal, { bio: 'mine', id: gus.user.id, userId: gus.user.id });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ id: hal.user.id, bio: 'mine' });
    expect(await publicProfile(gus)).toMatchObject({ bio: null });
  });

  it('saves the picture framing, each number clamped to its range, for every avatar to show', async () => {
    const ida = await signUp(testApp.app);
    const put = (payload: unknown) =>
      testApp.app.inject({
        method: 'PUT',
        url: '/api/profile/image-position',
        headers: { cookie: ida.cookie },
        payload: payload as Record<string, unknown>,
      });
    const saved = await put({ positionX: 130, positionY: 12.5, zoom: 9 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ positionX: 100, positionY: 12.5, zoom: 4 });
    expect(await publicProfile(ida)).toMatchObject({
      profileImagePositionX: 100,
      profileImagePositionY: 12.5,
      profileImageZoom: 4,
    });
    expect((await put({ positionX: -5, positionY: 50, zoom: 0.2 })).json()).toEqual({
      positionX: 0,
      positionY: 50,
      zoom: 1,
    });
    const wrong = await put({ positionX: 'left', positionY: 0, zoom: 1 });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(
      'Send the picture position as positionX and positionY (0 to 100) and zoom (1 to 4).',
    );
  });

  it('still takes the pixel offsets older clients send, as the framing that covers the circle', async () => {
    const ida = await signUp(testApp.app);
    const legacy = await testApp.app.inject({
      method: 'PUT',
      url: '/api/profile/image-position',
      headers: { cookie: ida.cookie },
      payload: { offsetX: 20, offsetY: -10 },
    });
    expect(legacy.statusCode).toBe(200);
    const framing = legacy.json();
    expect(framing.positionX).toBeCloseTo(0, 6);
    expect(framing.positionY).toBeCloseTo(75, 6);
    expect(framing.zoom).toBeCloseTo(128 / 88, 6);
    expect(await publicProfile(ida)).toMatchObject({ profileImagePositionX: framing.positionX });
  });

  it('gives a new account a handle that does not reveal its e-mail', async () => {
    const person = await signUp(testApp.app, { email: `private.person.${Date.now()}@example.com` });
    expect(person.user.username).not.toMatch(/private|person/);
  });
});
