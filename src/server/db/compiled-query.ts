import { createQueryId, type Compilable, type CompiledQuery } from 'kysely';
import type { Db } from './database';

/** Stands in a query for a value bound at each run. */
class Placeholder {
  constructor(readonly name: string) {}

  [Symbol.toPrimitive](): never {
    throw new Error(`The placeholder ${this.name} is a value to bind, not one to compute with`);
  }
}

const placeholders = new Proxy({}, { get: (_, name) => new Placeholder(String(name)) });

/**
 * A query compiled once per shape and database handle, each run binding only its values: building and compiling
 * the feed's query with Kysely cost a third of what SQLite took to run it. `build` is the one Kysely builder of
 * the query; it gets placeholders for `values`, which it may only pass to Kysely as values (never test or compute
 * with them), and everything that changes the SQL (a page size, whether a cursor is given) goes in `shape`, which
 * `keyOf` names. Shapes must be few: each keeps its compiled query for the handle's lifetime.
 */
export function compiledPerShape<Shape, Values extends Record<string, unknown>, Row>(
  keyOf: (shape: Shape) => string,
  build: (db: Db, shape: Shape, values: Required<Values>) => Compilable<Row>,
): (db: Db, shape: Shape, values: Values) => Promise<Row[]> {
  const compiledOf = new WeakMap<Db, Map<string, CompiledQuery<Row>>>();
  return async (db, shape, values) => {
    let compiled = compiledOf.get(db);
    if (!compiled) compiledOf.set(db, (compiled = new Map()));
    const key = keyOf(shape);
    let query = compiled.get(key);
    if (!query) compiled.set(key, (query = build(db, shape, placeholders as Required<Values>).compile()));
    const parameters = query.parameters.map((parameter) =>
      parameter instanceof Placeholder ? values[parameter.name] : parameter,
    );
    const { rows } = await db.executeQuery<Row>({ ...query, parameters, queryId: createQueryId() });
    return rows;
  };
}
