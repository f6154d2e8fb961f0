import { randomBytes } from 'node:crypto';
import {
  closeSync,
  existsSync,
  fsyncSync,
  linkSync,
  openSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { makeFolders } from './db/make-folders.js';
import {
  defaultPasswordHasherOptions,
  type PasswordHasherOptions,
} from './platform/security/password-hashing/password-hasher.js';

/** The well-known ABP seed password; accepted only outside production, with a warning. */
export const ABP_DEFAULT_ADMIN_PASSWORD = '1q2w3E*';

const booleanText = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

/** What ENCRYPTION_KEY, or the key file, must look like. */
const ENCRYPTION_KEY_FORMAT = /^[A-Za-z0-9+/=_-]{32,}$/;

const seconds = z.coerce.number().int().min(1);

/** Comma-separated http(s) URLs; empty entries are ignored. */
const urlList = z
  .string()
  .default('')
  .transform((text) =>
    text
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean),
  )
  .refine(
    (urls) => urls.every((url) => z.url({ protocol: /^https?$/ }).safeParse(url).success),
    'must be http(s) URLs separated by commas',
  );
const perMinute = z.coerce.number().int().min(0);

const environmentSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  APP_URL: z.url({ protocol: /^https?$/ }).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  /** The built web app to serve; unset: apps/web/dist beside the server. */
  WEB_ROOT: z.string().min(1).optional(),
  DATABASE_URL: z
    .string()
    .regex(/^(postgres(ql)?:\/\/|sqlite:|file:)/, 'must start with postgres://, sqlite: or file:')
    .optional(),
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  /** Namespaces this deployment's keys when several share one Redis. */
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:_-]*$/)
    .default('vineta:'),
  ADMIN_EMAIL: z.email().default('admin@vineta.local'),
  ADMIN_PASSWORD: z.string().min(1).max(128).optional(),
  ENCRYPTION_KEY: z
    .string()
    .regex(ENCRYPTION_KEY_FORMAT, 'must be at least 32 characters of base64 or hex')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TENANT_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/)
    .default('__tenant'),
  TENANT_HOST_PATTERN: z
    .string()
    .regex(/\{0\}/, 'must contain {0} where the tenant name stands')
    .optional(),
  MULTI_TENANCY: booleanText.default(true),
  TRUST_PROXY: booleanText.default(false),
  // Sign-in server lifetimes, in seconds (ABP's template had a 365-day access token: not here).
  ACCESS_TOKEN_LIFETIME: seconds.default(3600),
  REFRESH_TOKEN_SLIDING_LIFETIME: seconds.default(14 * 24 * 3600),
  REFRESH_TOKEN_ABSOLUTE_LIFETIME: seconds.default(30 * 24 * 3600),
  ID_TOKEN_LIFETIME: seconds.default(300),
  AUTHORIZATION_CODE_LIFETIME: seconds.default(300),
  SIGN_IN_SESSION_LIFETIME: seconds.default(14 * 24 * 3600),
  SIGN_IN_INTERACTION_LIFETIME: seconds.default(900),
  PASSWORD_RESET_TOKEN_LIFETIME: seconds.default(2 * 3600),
  SIGNING_KEY_LIFETIME_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  /** Extra redirect URIs of the web client (comma-separated), e.g. the Vite dev server's. */
  OIDC_EXTRA_REDIRECT_URIS: urlList,
  /** ABP's `App:CorsOrigins`: other origins whose web apps call the API from the browser. */
  CORS_ORIGINS: urlList,
  /**
   * argon2id for new passwords (OWASP's minimum by default; argon2 needs 8 KiB a lane, far below
   * the least memory taken here). A stored hash made otherwise is made again at its user's next
   * sign-in.
   */
  PASSWORD_HASH_MEMORY_KIB: z.coerce
    .number()
    .int()
    .min(1024)
    .max(4_194_304)
    .default(defaultPasswordHasherOptions.memoryCost),
  PASSWORD_HASH_ITERATIONS: z.coerce
    .number()
    .int()
    .min(1)
    .max(100)
    .default(defaultPasswordHasherOptions.timeCost),
  PASSWORD_HASH_PARALLELISM: z.coerce
    .number()
    .int()
    .min(1)
    .max(16)
    .default(defaultPasswordHasherOptions.parallelism),
  /** Requests per minute; 0 turns a limit off. */
  RATE_LIMIT_TOKEN_PER_IP: perMinute.default(300),
  RATE_LIMIT_TOKEN_PER_USER_NAME: perMinute.default(30),
  RATE_LIMIT_ACCOUNT_PER_IP: perMinute.default(60),
  /**
   * Seconds between SIGTERM and the close, while /health/ready answers 503 and everything else is
   * served: an orchestrator takes an instance out of rotation after it signals it, not before.
   */
  SHUTDOWN_DELAY: z.coerce.number().int().min(0).max(3600).default(5),
  /** Days a security-log row is kept; 0 keeps every row (decision 021). */
  SECURITY_LOG_RETENTION_DAYS: z.coerce.number().int().min(0).max(36_500).default(365),
});

export type DatabaseTarget =
  | { dialect: 'sqlite'; file: string }
  | { dialect: 'postgres'; connectionString: string };

export interface Config {
  readonly env: 'development' | 'production' | 'test';
  readonly port: number;
  readonly host: string;
  readonly appUrl: string;
  readonly dataDir: string;
  /** The built web app (WEB_ROOT), absolute; `undefined`: the default build. */
  readonly webRoot: string | undefined;
  readonly database: DatabaseTarget;
  readonly redisUrl: string | undefined;
  readonly redisKeyPrefix: string;
  readonly admin: {
    readonly email: string;
    readonly password: string;
    readonly isDefault: boolean;
  };
  readonly encryptionKey: string;
  readonly logLevel: string;
  readonly multiTenancy: {
    readonly isEnabled: boolean;
    readonly tenantKey: string;
    readonly hostPattern: string | undefined;
  };
  readonly trustProxy: boolean;
  /** ABP's configuration setting provider: `Settings__Abp.Mailing.Smtp.Host=…` variables. */
  readonly settings: Readonly<Record<string, string>>;
  readonly authServer: AuthServerConfig;
  readonly passwordHashing: PasswordHasherOptions;
  /** Days a security-log row is kept; 0: for ever. */
  readonly securityLogRetentionDays: number;
  /** Seconds of draining between SIGTERM and the close (main.ts). */
  readonly shutdownDelaySeconds: number;
}

/** Lifetimes in seconds; rate limits in requests per minute (0: off). */
export interface AuthServerConfig {
  readonly accessTokenLifetime: number;
  readonly refreshTokenSlidingLifetime: number;
  readonly refreshTokenAbsoluteLifetime: number;
  readonly idTokenLifetime: number;
  readonly authorizationCodeLifetime: number;
  readonly sessionLifetime: number;
  readonly interactionLifetime: number;
  readonly passwordResetTokenLifetime: number;
  readonly signingKeyLifetimeDays: number;
  readonly extraRedirectUris: readonly string[];
  /**
   * Origins besides APP_URL's whose browsers may call the sign-in server and the API: CORS_ORIGINS
   * and those of the extra redirect URIs (a web app signing in there calls from there).
   */
  readonly corsOrigins: readonly string[];
  readonly rateLimits: {
    readonly tokenPerIp: number;
    readonly tokenPerUserName: number;
    readonly accountPerIp: number;
  };
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses the environment once; the only reader of process.env is main.ts, which passes it here. */
export function loadConfig(environment: NodeJS.ProcessEnv): Config {
  // An empty variable (`PORT=` in an env file) is an unset one: `PORT=` had meant port 0, any.
  const given = Object.fromEntries(Object.entries(environment).filter(([, value]) => value !== ''));
  const parsed = environmentSchema.safeParse(given);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const variable = issue?.path.join('.') ?? 'environment';
    throw new ConfigError(`${variable}: ${issue?.message ?? 'invalid value'}`);
  }
  const values = parsed.data;
  const dataDir = resolve(values.DATA_DIR);
  const appUrl = (values.APP_URL ?? `http://localhost:${values.PORT}`).replace(/\/+$/, '');
  if (values.NODE_ENV === 'production' && !values.ADMIN_PASSWORD) {
    throw new ConfigError('ADMIN_PASSWORD: required when NODE_ENV is production');
  }
  return Object.freeze({
    env: values.NODE_ENV,
    port: values.PORT,
    host: values.HOST,
    appUrl,
    dataDir,
    webRoot: values.WEB_ROOT === undefined ? undefined : resolve(values.WEB_ROOT),
    database: databaseTarget(values.DATABASE_URL, dataDir),
    redisUrl: values.REDIS_URL,
    redisKeyPrefix: values.REDIS_KEY_PREFIX,
    admin: Object.freeze({
      email: values.ADMIN_EMAIL,
      password: values.ADMIN_PASSWORD ?? ABP_DEFAULT_ADMIN_PASSWORD,
      isDefault: !values.ADMIN_PASSWORD,
    }),
    encryptionKey: values.ENCRYPTION_KEY ?? readOrCreateEncryptionKey(dataDir),
    logLevel: values.LOG_LEVEL,
    multiTenancy: Object.freeze({
      isEnabled: values.MULTI_TENANCY,
      tenantKey: values.TENANT_KEY,
      hostPattern: values.TENANT_HOST_PATTERN,
    }),
    trustProxy: values.TRUST_PROXY,
    settings: Object.freeze(settingVariables(environment)),
    authServer: Object.freeze({
      accessTokenLifetime: values.ACCESS_TOKEN_LIFETIME,
      refreshTokenSlidingLifetime: values.REFRESH_TOKEN_SLIDING_LIFETIME,
      refreshTokenAbsoluteLifetime: values.REFRESH_TOKEN_ABSOLUTE_LIFETIME,
      idTokenLifetime: values.ID_TOKEN_LIFETIME,
      authorizationCodeLifetime: values.AUTHORIZATION_CODE_LIFETIME,
      sessionLifetime: values.SIGN_IN_SESSION_LIFETIME,
      interactionLifetime: values.SIGN_IN_INTERACTION_LIFETIME,
      passwordResetTokenLifetime: values.PASSWORD_RESET_TOKEN_LIFETIME,
      signingKeyLifetimeDays: values.SIGNING_KEY_LIFETIME_DAYS,
      extraRedirectUris: Object.freeze(values.OIDC_EXTRA_REDIRECT_URIS),
      corsOrigins: Object.freeze([
        ...new Set(
          [...values.CORS_ORIGINS, ...values.OIDC_EXTRA_REDIRECT_URIS].map(
            (url) => new URL(url).origin,
          ),
        ),
      ]),
      rateLimits: Object.freeze({
        tokenPerIp: values.RATE_LIMIT_TOKEN_PER_IP,
        tokenPerUserName: values.RATE_LIMIT_TOKEN_PER_USER_NAME,
        accountPerIp: values.RATE_LIMIT_ACCOUNT_PER_IP,
      }),
    }),
    passwordHashing: Object.freeze({
      memoryCost: values.PASSWORD_HASH_MEMORY_KIB,
      timeCost: values.PASSWORD_HASH_ITERATIONS,
      parallelism: values.PASSWORD_HASH_PARALLELISM,
    }),
    securityLogRetentionDays: values.SECURITY_LOG_RETENTION_DAYS,
    shutdownDelaySeconds: values.SHUTDOWN_DELAY,
  });
}

function settingVariables(environment: NodeJS.ProcessEnv): Record<string, string> {
  const prefix = 'Settings__';
  const settings: Record<string, string> = {};
  for (const [name, value] of Object.entries(environment)) {
    if (name.startsWith(prefix) && value !== undefined) settings[name.slice(prefix.length)] = value;
  }
  return settings;
}

function databaseTarget(url: string | undefined, dataDir: string): DatabaseTarget {
  if (!url) return { dialect: 'sqlite', file: join(dataDir, 'vineta.sqlite') };
  if (url.startsWith('postgres')) return { dialect: 'postgres', connectionString: url };
  return { dialect: 'sqlite', file: resolve(url.replace(/^(sqlite|file):(\/\/)?/, '')) };
}

const errorCode = (error: unknown) => (error as NodeJS.ErrnoException).code ?? '';

/**
 * Creates `file` holding `content`, whole or not at all: written and fsynced under another name,
 * then hard-linked into place (EEXIST when the file is there already). A file system without hard
 * links gets an exclusive create in place, as near to whole as it gets.
 */
function createWhole(file: string, content: string): void {
  const draft = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    const descriptor = openSync(draft, 'wx', 0o600);
    try {
      writeFileSync(descriptor, content);
      fsyncSync(descriptor);
    } finally {
      closeSync(descriptor);
    }
    linkSync(draft, file);
  } catch (error) {
    if (!['EPERM', 'ENOTSUP', 'EOPNOTSUPP'].includes(errorCode(error))) throw error;
    writeFileSync(file, content, { flag: 'wx', mode: 0o600 });
  } finally {
    rmSync(draft, { force: true });
  }
}

/**
 * A key generated once and kept beside the data, so encrypted settings survive restarts. The file
 * appears whole (createWhole): an instance starting beside the first, or a start after one killed
 * mid-write, never reads a half-written key and encrypts with it. A damaged file stops the start:
 * a new key would leave every secret encrypted under the old one unreadable.
 */
function readOrCreateEncryptionKey(dataDir: string): string {
  const file = join(dataDir, 'encryption.key');
  if (!existsSync(file)) {
    try {
      makeFolders(dataDir);
      createWhole(file, `${randomBytes(32).toString('base64url')}\n`);
    } catch (error) {
      // Another instance sharing DATA_DIR made its key first: then theirs is read.
      if (errorCode(error) !== 'EEXIST') {
        throw new ConfigError(
          `${file}: cannot be written (${(error as Error).message}); give the server a DATA_DIR it may write, or set ENCRYPTION_KEY`,
        );
      }
    }
  }
  let key: string;
  try {
    key = readFileSync(file, 'utf8').trim();
  } catch (error) {
    throw new ConfigError(`${file}: cannot be read (${(error as Error).message})`);
  }
  if (!ENCRYPTION_KEY_FORMAT.test(key)) {
    throw new ConfigError(
      `${file}: not a key (empty or damaged); restore it from a backup, or set ENCRYPTION_KEY to the key it held`,
    );
  }
  return key;
}
