import { availableParallelism } from 'node:os';
import path from 'node:path';
import { z } from 'zod';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', ''])
  .default('false')
  .transform((value) => value === 'true' || value === '1');

const unsetWhenEmpty = (value: unknown) => (value === '' ? undefined : value);

/** Credentials in the URL are refused: they belong in S3_ACCESS_KEY_ID/S3_SECRET_ACCESS_KEY, never in a logged URL. */
function optionalHttpUrl(name: string) {
  const message = `${name} must be an http:// or https:// URL without a user name or password`;
  return z.preprocess(
    unsetWhenEmpty,
    z
      .url({ protocol: /^https?$/, error: message, abort: true })
      .refine((value) => !/^https?:\/\/[^/?#]*@/i.test(value), { error: message })
      .optional(),
  );
}

/** A credential: any value goes, and no error message ever repeats it. */
const optionalSecret = z.preprocess(unsetWhenEmpty, z.string().optional());

/** A base64url value of `bytes` bytes, unpadded (as web-push's generateVAPIDKeys() writes it). */
function optionalVapidKey(name: string, bytes: number, what: string) {
  return z.preprocess(
    unsetWhenEmpty,
    z
      .string()
      .refine((value) => /^[A-Za-z0-9_-]+$/.test(value) && Buffer.from(value, 'base64url').length === bytes, {
        error: `${name} must be ${what} (${bytes} bytes) in base64url, as "npx web-push generate-vapid-keys" prints it`,
      })
      .optional(),
  );
}

const originList = (name: string) =>
  z
    .string()
    .default('')
    .transform((value, context) => {
      const origins: string[] = [];
      for (const entry of value.split(',').map((item) => item.trim())) {
        if (entry === '') continue;
        const url = URL.parse(entry);
        // Web Push speaks https alone: an http origin could never be sent to.
        if (url?.protocol !== 'https:' || url.username || url.password) {
          context.addIssue({ code: 'custom', message: `${name}: "${entry}" is not an https:// origin` });
          continue;
        }
        origins.push(url.origin);
      }
      return origins;
    });

/** argon2id's memory (KiB) and passes for new password hashes. */
export interface PasswordHashCost {
  memoryKib: number;
  passes: number;
}

/** OWASP's recommended minimum for argon2id: 19 MiB, 2 passes, 1 lane. */
const OWASP_MINIMUM_COST: PasswordHashCost = { memoryKib: 19_456, passes: 2 };

export const envSchema = z.object({
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
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(1000).default(10),
  // The old name, refused rather than ignored: a pool an operator sized must not silently fall back to 10.
  DATABASE_POOL_SIZE: z
    .undefined({ error: 'DATABASE_POOL_SIZE is now DATABASE_POOL_MAX; rename it.' })
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: booleanFlag,
  PUBLIC_URL: optionalHttpUrl('PUBLIC_URL'),
  FEDERATION_ALLOW_PRIVATE_ADDRESSES: booleanFlag,
  FFMPEG_PATH: z.string().min(1).optional(),
  ALLOW_BUNDLED_FFMPEG: booleanFlag,
  FFMPEG_TIMEOUT_SECONDS: z.coerce
    .number()
    .positive()
    .max(24 * 3600)
    .default(600),
  FFMPEG_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
  JOB_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
  STORAGE: z.enum(['disk', 's3']).default('disk'),
  S3_ENDPOINT: optionalHttpUrl('S3_ENDPOINT'),
  S3_PUBLIC_ENDPOINT: optionalHttpUrl('S3_PUBLIC_ENDPOINT'),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]+$/, { error: 'S3_REGION must look like us-east-1' })
    .default('us-east-1'),
  S3_BUCKET: z.preprocess(
    unsetWhenEmpty,
    z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, {
        error: 'S3_BUCKET must be a bucket name: 3 to 63 lowercase letters, digits, dots or hyphens',
      })
      .optional(),
  ),
  S3_ACCESS_KEY_ID: optionalSecret,
  S3_SECRET_ACCESS_KEY: optionalSecret,
  TRANSCRIBE_URL: optionalHttpUrl('TRANSCRIBE_URL'),
  TRANSCRIBE_MODEL: z.string().trim().min(1).max(200).default('whisper-1'),
  TRANSCRIBE_API_KEY: optionalSecret,
  S3_FORCE_PATH_STYLE: booleanFlag,
  S3_REDIRECT_PUBLIC_MEDIA: booleanFlag,
  PASSWORD_HASH_MEMORY_KIB: z.coerce
    .number()
    .int()
    .min(8)
    .max(4 * 1024 * 1024)
    .default(OWASP_MINIMUM_COST.memoryKib),
  PASSWORD_HASH_PASSES: z.coerce.number().int().min(1).max(100).default(OWASP_MINIMUM_COST.passes),
  SIGNUPS_PER_HOUR_PER_ADDRESS: z.coerce.number().int().min(0).max(1_000_000).default(10),
  VAPID_PUBLIC_KEY: optionalVapidKey('VAPID_PUBLIC_KEY', 65, 'an uncompressed P-256 public key'),
  VAPID_PRIVATE_KEY: optionalVapidKey('VAPID_PRIVATE_KEY', 32, 'a P-256 private key'),
  VAPID_SUBJECT: z.preprocess(
    unsetWhenEmpty,
    z
      .string()
      .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, {
        error: 'VAPID_SUBJECT must be a mailto: address or an https:// URL where push services can reach you',
      })
      .optional(),
  ),
  PUSH_ENDPOINT_ALLOWLIST: originList('PUSH_ENDPOINT_ALLOWLIST'),
  ADMIN_EMAILS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((email) => email.trim().toLowerCase())
        .filter((email) => email !== ''),
    ),
});

export type DatabaseConfig =
  | { kind: 'sqlite'; file: string }
  | { kind: 'postgres'; url: string; schema: string | undefined; poolMax: number };

export type StorageConfig =
  | { kind: 'disk' }
  | {
      kind: 's3';
      bucket: string;
      region: string;
      /** Unset for AWS S3 itself; the URL of an S3-compatible server otherwise. */
      endpoint: string | undefined;
      /** The URL browsers reach the bucket at, for presigned links, when it differs from `endpoint`. */
      publicEndpoint: string | undefined;
      /** Unset: the SDK's default credential chain (environment, profile, instance or task role). */
      credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
      /** Bucket in the path rather than the host name (MinIO, Garage, SeaweedFS and most self-hosted servers). */
      forcePathStyle: boolean;
      /** Public immutable media answered with a 302 to a short-lived presigned URL instead of passing through. */
      redirectPublicMedia: boolean;
    };

export interface PushConfig {
  /** The operator's VAPID key pair; unset, one is generated once and kept in the database. */
  vapidKeys: { publicKey: string; privateKey: string } | undefined;
  /** Who push services contact about this server's pushes (the JWT's `sub`). */
  subject: string;
  /** Origins push endpoints may have beyond public https addresses: test push services, self-hosted relays. */
  endpointAllowlist: readonly string[];
}

/**
 * ActivityPub (issue 28): on when PUBLIC_URL is set, since actors and objects are named by absolute URLs that must
 * never change; an http one only together with the private-address exemption (tests and closed networks).
 */
export interface FederationConfig {
  /** PUBLIC_URL's origin: every actor, object and key id is under it. */
  origin: string;
  /** Remote fetches and deliveries may reach loopback and private addresses, and PUBLIC_URL may be http. */
  allowPrivateAddresses: boolean;
}

export type S3StorageConfig = Extract<StorageConfig, { kind: 's3' }>;

/** An OpenAI-compatible speech-recognition server the operator runs or rents (issue 29). */
export interface TranscribeConfig {
  /** Its `/v1/audio/transcriptions` endpoint, in full. */
  url: string;
  model: string;
  /** Sent as a bearer token when set; never logged. */
  apiKey: string | undefined;
}

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
  /**
   * Where people reach the product (scheme, host and port), for the absolute links of podcast feeds; unset, each
   * request's own host is used.
   */
  publicOrigin: string | undefined;
  ffmpegPath: string | undefined;
  /** In production the npm-shipped ffmpeg (a 2018 build) is refused unless this is set. */
  allowBundledFfmpeg: boolean;
  /** A media process running longer than this is killed and its upload or job fails. */
  ffmpegTimeoutMs: number;
  /** Media processes at once; more wait their turn. Defaults to the number of cores. */
  ffmpegConcurrency: number | undefined;
  /** Background jobs this instance runs at once (renditions), so one long job never holds up the rest. */
  jobConcurrency: number;
  /** Where media lives: DATA_DIR/media on this machine, or a bucket every instance shares. */
  storage: StorageConfig;
  /** argon2id's cost for new password hashes; production refuses less than OWASP's minimum. */
  passwordHashCost: PasswordHashCost;
  /** Accounts one address (an IPv4 address or an IPv6 /64) may make in an hour; 0: no limit. */
  signupsPerHourPerAddress: number;
  /** Lower-case e-mails whose existing accounts are made moderators at start (never at sign-up or sign-in). */
  adminEmails: readonly string[];
  /** Web Push (issue 27). */
  push: PushConfig;
  /** Automatic transcripts of posts without one (issue 29); unset, none are made. */
  transcribe: TranscribeConfig | undefined;
  /** Undefined: this instance does not federate (no PUBLIC_URL). */
  federation: FederationConfig | undefined;
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
          poolMax: values.DATABASE_POOL_MAX,
        }
      : { kind: 'sqlite', file: path.join(dataDir, 'earshot.sqlite') },
    logLevel: values.LOG_LEVEL,
    trustProxy: values.TRUST_PROXY,
    publicOrigin: values.PUBLIC_URL && new URL(values.PUBLIC_URL).origin,
    ffmpegPath: values.FFMPEG_PATH,
    allowBundledFfmpeg: values.ALLOW_BUNDLED_FFMPEG,
    ffmpegTimeoutMs: values.FFMPEG_TIMEOUT_SECONDS * 1000,
    ffmpegConcurrency: values.FFMPEG_CONCURRENCY,
    jobConcurrency: values.JOB_CONCURRENCY ?? availableParallelism(),
    storage: storageOf(values),
    passwordHashCost: passwordHashCostOf(values),
    signupsPerHourPerAddress: values.SIGNUPS_PER_HOUR_PER_ADDRESS,
    adminEmails: values.ADMIN_EMAILS,
    push: pushOf(values),
    transcribe: values.TRANSCRIBE_URL
      ? { url: values.TRANSCRIBE_URL, model: values.TRANSCRIBE_MODEL, apiKey: values.TRANSCRIBE_API_KEY }
      : undefined,
    federation: federationOf(values),
  };
}

function federationOf(values: z.infer<typeof envSchema>): FederationConfig | undefined {
  const allowPrivateAddresses = values.FEDERATION_ALLOW_PRIVATE_ADDRESSES;
  // An http PUBLIC_URL still serves podcast feeds and previews; it only keeps federation off (main.ts says so).
  if (!values.PUBLIC_URL || (!values.PUBLIC_URL.startsWith('https://') && !allowPrivateAddresses))
    return undefined;
  return { origin: new URL(values.PUBLIC_URL).origin, allowPrivateAddresses };
}

function passwordHashCostOf(values: z.infer<typeof envSchema>): PasswordHashCost {
  const cost = { memoryKib: values.PASSWORD_HASH_MEMORY_KIB, passes: values.PASSWORD_HASH_PASSES };
  const minimum = OWASP_MINIMUM_COST;
  if (
    values.NODE_ENV === 'production' &&
    (cost.memoryKib < minimum.memoryKib || cost.passes < minimum.passes)
  ) {
    throw new ConfigError(
      `Invalid configuration:\n  PASSWORD_HASH_MEMORY_KIB, PASSWORD_HASH_PASSES: production takes at least OWASP's ` +
        `minimum for argon2id (${minimum.memoryKib} KiB and ${minimum.passes} passes); leave them unset for it`,
    );
  }
  return cost;
}

/** Without VAPID_SUBJECT: the public https address, else a placeholder the README tells operators to replace. */
const FALLBACK_VAPID_SUBJECT = 'mailto:webpush@earshot.invalid';

function pushOf(values: z.infer<typeof envSchema>): PushConfig {
  const publicKey = values.VAPID_PUBLIC_KEY;
  const privateKey = values.VAPID_PRIVATE_KEY;
  if (Boolean(publicKey) !== Boolean(privateKey)) {
    throw new ConfigError(
      'Invalid configuration:\n  VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: set both, or neither to have a key pair generated and kept in the database',
    );
  }
  const publicHttps = values.PUBLIC_URL?.startsWith('https://')
    ? new URL(values.PUBLIC_URL).origin
    : undefined;
  return {
    vapidKeys: publicKey && privateKey ? { publicKey, privateKey } : undefined,
    subject: values.VAPID_SUBJECT ?? publicHttps ?? FALLBACK_VAPID_SUBJECT,
    endpointAllowlist: values.PUSH_ENDPOINT_ALLOWLIST,
  };
}

function storageOf(values: z.infer<typeof envSchema>): StorageConfig {
  if (values.STORAGE === 'disk') return { kind: 'disk' };
  if (!values.S3_BUCKET)
    throw new ConfigError('Invalid configuration:\n  S3_BUCKET: required when STORAGE=s3');
  const accessKeyId = values.S3_ACCESS_KEY_ID;
  const secretAccessKey = values.S3_SECRET_ACCESS_KEY;
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) {
    throw new ConfigError(
      'Invalid configuration:\n  S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both, or neither to use the default AWS credential chain',
    );
  }
  return {
    kind: 's3',
    bucket: values.S3_BUCKET,
    region: values.S3_REGION,
    endpoint: values.S3_ENDPOINT,
    publicEndpoint: values.S3_PUBLIC_ENDPOINT,
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
    forcePathStyle: values.S3_FORCE_PATH_STYLE,
    redirectPublicMedia: values.S3_REDIRECT_PUBLIC_MEDIA,
  };
}
