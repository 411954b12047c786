import { sql, type Kysely, type RawBuilder } from 'kysely';

/**
 * A profile picture's placement becomes a framing of the picture (object-position percentages and a zoom), the
 * same at every avatar size, instead of CSS pixels on the 128 px avatar that small avatars pushed out of their
 * circle. Each stored offset becomes the framing that shows, at the circle's centre, what the offset showed
 * there (taking the picture as square), enlarged just enough to cover the strip it left empty, at most 3 times.
 * Frozen copy of `framingFromLegacyOffset`: an offset of o px on an axis, with L the larger of the two, gives
 * zoom 128 / (128 - 2L) and position 50 - 50 o / L while L < 128/3, else zoom 3 and position 50 - 150 o / 128.
 */
const x = sql.ref('profile_image_offset_x');
const y = sql.ref('profile_image_offset_y');
const largest = sql`(CASE WHEN abs(${x}) > abs(${y}) THEN abs(${x}) ELSE abs(${y}) END)`;
const THIRD_OF_AVATAR = sql.lit(128 / 3);

function percent(value: RawBuilder<unknown>): RawBuilder<number> {
  return sql<number>`(CASE WHEN ${value} < 0.0 THEN 0.0 WHEN ${value} > 100.0 THEN 100.0 ELSE ${value} END)`;
}

function position(offset: RawBuilder<unknown>): RawBuilder<number> {
  return sql<number>`(CASE WHEN ${largest} = 0.0 THEN 50.0
    WHEN ${largest} < ${THIRD_OF_AVATAR} THEN ${percent(sql`(50.0 - 50.0 * ${offset} / ${largest})`)}
    ELSE ${percent(sql`(50.0 - 150.0 * ${offset} / 128.0)`)} END)`;
}

const zoom = sql<number>`(CASE WHEN ${largest} = 0.0 THEN 1.0
  WHEN ${largest} < ${THIRD_OF_AVATAR} THEN 128.0 / (128.0 - 2.0 * ${largest})
  ELSE 3.0 END)`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('profile_image_position_x', 'double precision', (column) => column.notNull().defaultTo(50))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('profile_image_position_y', 'double precision', (column) => column.notNull().defaultTo(50))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('profile_image_zoom', 'double precision', (column) => column.notNull().defaultTo(1))
    .execute();
  await sql`UPDATE users SET profile_image_position_x = ${position(x)}, profile_image_position_y = ${position(y)},
    profile_image_zoom = ${zoom} WHERE ${x} <> 0.0 OR ${y} <> 0.0`.execute(db);
  await db.schema.alterTable('users').dropColumn('profile_image_offset_x').execute();
  await db.schema.alterTable('users').dropColumn('profile_image_offset_y').execute();
}

/** Back to pixel offsets that put the same point at the circle's centre (a zoom beyond the first is lost). */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('profile_image_offset_x', 'double precision', (column) => column.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('profile_image_offset_y', 'double precision', (column) => column.notNull().defaultTo(0))
    .execute();
  const zoomRef = sql.ref('profile_image_zoom');
  const offset = (position: string) =>
    sql<number>`((50.0 - ${sql.ref(position)}) * 1.28 * (${zoomRef} - 1.0) / ${zoomRef})`;
  await sql`UPDATE users SET profile_image_offset_x = ${offset('profile_image_position_x')},
    profile_image_offset_y = ${offset('profile_image_position_y')}`.execute(db);
  await db.schema.alterTable('users').dropColumn('profile_image_zoom').execute();
  await db.schema.alterTable('users').dropColumn('profile_image_position_y').execute();
  await db.schema.alterTable('users').dropColumn('profile_image_position_x').execute();
}
