import { Migrator, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrationTableSchema } from '../../src/server/db/dialect';
import { createDatabase, migrateToLatest } from '../../src/server/db/database';
import { migrations } from '../../src/server/db/migrations/index';
import { framingFromLegacyOffset } from '../../src/shared/domain/profile';
import { createTestConfig, databaseKind } from './support/test-app';

const BEFORE_FRAMING = '20261125T0400-account-data';
/** Offsets as the position adjuster saved them (CSS px on the 128 px avatar, ±64). */
const LEGACY_OFFSETS = [
  [0, 0],
  [20, -10],
  [-8, 0],
  [0, 30],
  [64, -64],
  [-50, 12.5],
] as const;

describe(`the picture-framing migration on ${databaseKind}`, () => {
  it('turns every stored pixel offset into the framing that shows the same centre, covering the circle', async () => {
    const { config, cleanup } = await createTestConfig();
    const db = createDatabase(config.database);
    try {
      const schema = migrationTableSchema(config.database);
      const migrator = new Migrator({
        db,
        provider: { getMigrations: async () => migrations },
        ...(schema && { migrationTableSchema: schema }),
      });
      const { error } = await migrator.migrateTo(BEFORE_FRAMING);
      expect(error).toBeUndefined();
      for (const [index, [x, y]] of LEGACY_OFFSETS.entries()) {
        await sql`INSERT INTO users (id, email, password_hash, username, profile_image_offset_x,
          profile_image_offset_y, created_at) VALUES (${`u${index}`}, ${`u${index}@example.com`}, 'x',
          ${`user-${index}`}, ${x}, ${y}, '2026-11-01T00:00:00.000Z')`.execute(db);
      }

      await migrateToLatest(db, config.database);

      const rows = await db
        .selectFrom('users')
        .select(['id', 'profile_image_position_x', 'profile_image_position_y', 'profile_image_zoom'])
        .orderBy('id')
        .execute();
      const framings = rows.map((row) => ({
        x: row.profile_image_position_x,
        y: row.profile_image_position_y,
        zoom: row.profile_image_zoom,
      }));
      const expected = LEGACY_OFFSETS.map(([x, y]) => framingFromLegacyOffset(x, y));
      for (const [index, framing] of framings.entries()) {
        const want = expected[index]!;
        expect(framing.x).toBeCloseTo(want.x, 6);
        expect(framing.y).toBeCloseTo(want.y, 6);
        expect(framing.zoom).toBeCloseTo(want.zoom, 6);
      }
      // 20 px right and 10 px up on the 128 px avatar: enlarged just enough that the empty strip is gone, with
      // the picture's left edge at the circle's; the untouched picture stays centred.
      expect(framings[0]).toEqual({ x: 50, y: 50, zoom: 1 });
      expect(framings[1]!.zoom).toBeCloseTo(128 / 88, 6);
      expect(framings[1]!.x).toBeCloseTo(0, 6);
      expect(framings[1]!.y).toBeCloseTo(75, 6);
      expect(framings[4]).toEqual({ x: 0, y: 100, zoom: 3 });
    } finally {
      await db.destroy();
      await cleanup();
    }
  });
});
