import { build } from 'esbuild';
import path from 'node:path';

/** Text to match: exactly this string, or a pattern (a RegExp travels to the page as its source and flags). */
export type SerializedText = string | { regexp: string; flags: string };
type Text = string | RegExp;

/**
 * How a flow names an element: by role and accessible name, by visible text, by its label (a field without a role,
 * like a password), or (for what has none of these) CSS.
 */
export type Query<T = SerializedText> = (
  { role: string; name?: T } | { text: T } | { label: T } | { css: string }
) & {
  /** Look inside the first match of this query. */
  within?: Query<T>;
  /** Which of the matches (the first if not given). */
  nth?: number;
};

export type QueryInput = Query<Text>;

declare global {
  interface Window {
    /** Installed by ./in-page/queries.ts. */
    __engineQueries?: {
      find(query: Query): HTMLElement | null;
      count(query: Query): number;
      namesOfRole(query: Query): string[];
    };
  }
}

function serializeText(text: Text): SerializedText {
  return typeof text === 'string' ? text : { regexp: text.source, flags: text.flags };
}

export function serializeQuery(query: QueryInput): Query {
  const within = query.within && serializeQuery(query.within);
  const scoped = { ...(within && { within }), ...(query.nth !== undefined && { nth: query.nth }) };
  if ('role' in query)
    return {
      ...scoped,
      role: query.role,
      ...(query.name !== undefined && { name: serializeText(query.name) }),
    };
  if ('text' in query) return { ...scoped, text: serializeText(query.text) };
  if ('label' in query) return { ...scoped, label: serializeText(query.label) };
  return { ...scoped, css: query.css };
}

/** A readable form of a query for failure messages. */
export function describeQuery(query: QueryInput): string {
  const own =
    'role' in query
      ? `${query.role}${query.name === undefined ? '' : ` "${String(query.name)}"`}`
      : 'text' in query
        ? `text "${String(query.text)}"`
        : 'label' in query
          ? `field "${String(query.label)}"`
          : `css ${query.css}`;
  return `${own}${query.nth ? ` #${query.nth}` : ''}${query.within ? ` in ${describeQuery(query.within)}` : ''}`;
}

let bundle: Promise<string> | undefined;

/** The in-page query code (./in-page/queries.ts with Testing Library), bundled once per process. */
export function inPageQueries(): Promise<string> {
  bundle ??= build({
    entryPoints: [path.join(import.meta.dirname, 'in-page', 'queries.ts')],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    write: false,
    logLevel: 'warning',
  }).then((result) => result.outputFiles[0]!.text);
  return bundle;
}
