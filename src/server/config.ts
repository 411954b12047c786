import { availableParallelism } from 'node:os';
import path from 'node:path';
import { z } from 'zod';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', ''])
  .default('false')
  .transform((value) => value === 'true' || value === '1');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { error: 'DATABASE_URL must start with postgres:// or postgresql://' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  DATABASE_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]{0,62}$/, { error: 'DATABASE_SCHEMA must be a lowercase SQL identifier' })
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(1000).default(10),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: booleanFlag,
  FFMPEG_PATH: z.string().min(1).optional(),
  ALLOW_BUNDLED_FFMPEG: booleanFlag,
  FFMPEG_TIMEOUT_SECONDS: z.coerce
    .number()
    .positive()
    .max(24 * 3600)
    .default(600),
  FFMPEG_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
  JOB_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
});

export type DatabaseConfig =
  | { kind: 'sqlite'; file: string }
  | { kind: 'postgres'; url: string; schema: string | undefined; poolSize: number };

export interface Config {
  environment: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  database: DatabaseConfig;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  /** Behind a load balancer: trust X-Forwarded-* for the client address and https. */
  trustProxy: boolean;
  ffmpegPath: string | undefined;
  /** In production the npm-shipped ffmpeg (a 2018 build) is refused unless this is set. */
  allowBundledFfmpeg: boolean;
  /** A media process running longer than this is killed and its upload or job fails. */
  ffmpegTimeoutMs: number;
  /** Media processes at once; more wait their turn. Defaults to the number of cores. */
  ffmpegConcurrency: number | undefined;
  /** Background jobs this instance runs at once (renditions), so one long job never holds up the rest. */
  jobConcurrency: number;
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const values = parsed.data;
  const dataDir = path.resolve(values.DATA_DIR);
  return {
    environment: values.NODE_ENV,
    isProduction: values.NODE_ENV === 'production',
    port: values.PORT,
    host: values.HOST,
    dataDir,
    database: values.DATABASE_URL
      ? {
          kind: 'postgres',
          url: values.DATABASE_URL,
          schema: values.DATABASE_SCHEMA,
          poolSize: values.DATABASE_POOL_SIZE,
        }
      : { kind: 'sqlite', file: path.join(dataDir, 'earshot.sqlite') },
    logLevel: values.LOG_LEVEL,
    trustProxy: values.TRUST_PROXY,
    ffmpegPath: values.FFMPEG_PATH,
    allowBundledFfmpeg: values.ALLOW_BUNDLED_FFMPEG,
    ffmpegTimeoutMs: values.FFMPEG_TIMEOUT_SECONDS * 1000,
    ffmpegConcurrency: values.FFMPEG_CONCURRENCY,
    jobConcurrency: values.JOB_CONCURRENCY ?? availableParallelism(),
  };
}
