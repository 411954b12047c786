import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { envSchema } from './config';

const readme = readFileSync(path.join(import.meta.dirname, '../../README.md'), 'utf8');

/** The names in the first column of the README's configuration table (the one headed "Variable"). */
function documentedVariables(): string[] {
  const lines = readme.split('\n');
  const header = lines.findIndex((line) => /^\|\s*Variable\s*\|/.test(line));
  expect(header, 'the README has a configuration table').toBeGreaterThan(-1);
  const rows = lines.slice(header + 2);
  const end = rows.findIndex((line) => !line.startsWith('|'));
  return rows.slice(0, end === -1 ? undefined : end).map((row) => {
    const name = /^\|\s*`([A-Z0-9_]+)`\s*\|/.exec(row)?.[1];
    expect(name, `a README configuration row names its variable: ${row.slice(0, 60)}`).toBeDefined();
    return name!;
  });
}

/** An old name kept in the schema only to be refused: it accepts no value at all. */
function isRetired(schema: z.ZodType): boolean {
  return schema instanceof z.ZodOptional && schema.unwrap() instanceof z.ZodUndefined;
}

describe('the README configuration table', () => {
  const variables = Object.entries(envSchema.shape);
  const settings = variables.filter(([, schema]) => !isRetired(schema)).map(([name]) => name);
  const retired = variables.filter(([, schema]) => isRetired(schema)).map(([name]) => name);

  it('documents every variable config.ts reads, and only those', () => {
    const documented = documentedVariables();
    expect(
      documented.filter((name) => !settings.includes(name)),
      'in the README, not read by config.ts',
    ).toEqual([]);
    expect(
      settings.filter((name) => !documented.includes(name)),
      'read by config.ts, not in the README',
    ).toEqual([]);
  });

  it('names each retired variable, which is refused at start', () => {
    for (const name of retired) expect(readme).toContain(`\`${name}\``);
  });
});
