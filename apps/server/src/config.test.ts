import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { evalFromSources } from '../test/node-from-sources.js';
import { ABP_DEFAULT_ADMIN_PASSWORD, ConfigError, loadConfig } from './config.js';

const execFileAsync = promisify(execFile);

/** Data folders made by a test, removed after it (loadConfig may write a key file in one). */
const made: string[] = [];
const dataDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'vineta-config-'));
  made.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('loadConfig', () => {
  it('defaults to SQLite under DATA_DIR, port 3000 and the es-MX product', () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.port).toBe(3000);
    expect(config.appUrl).toBe('http://localhost:3000');
    expect(config.database).toEqual({ dialect: 'sqlite', file: join(dir, 'vineta.sqlite') });
    expect(config.multiTenancy).toEqual({
      isEnabled: true,
      tenantKey: '__tenant',
      hostPattern: undefined,
    });
    expect(config.admin).toEqual({
      email: 'admin@vineta.local',
      password: ABP_DEFAULT_ADMIN_PASSWORD,
      isDefault: true,
    });
  });

  it('serves the default web build unless WEB_ROOT names another (made absolute)', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).webRoot).toBeUndefined();
    const config = loadConfig({ DATA_DIR: dataDir(), WEB_ROOT: 'apps/web/dist-code-flow' });
    expect(config.webRoot).toBe(join(process.cwd(), 'apps/web/dist-code-flow'));
  });

  it('selects PostgreSQL from a postgres:// DATABASE_URL and honours PORT and APP_URL', () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      PORT: '3100',
      APP_URL: 'https://vineta.example/',
      DATABASE_URL: 'postgres://user@db:5432/vineta',
    });
    expect(config.port).toBe(3100);
    expect(config.appUrl).toBe('https://vineta.example');
    expect(config.database).toEqual({
      dialect: 'postgres',
      connectionString: 'postgres://user@db:5432/vineta',
    });
  });

  it('generates the encryption key once and keeps it in DATA_DIR', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir }).encryptionKey;
    expect(first).toHaveLength(43);
    expect(readFileSync(join(dir, 'encryption.key'), 'utf8').trim()).toBe(first);
    expect(loadConfig({ DATA_DIR: dir }).encryptionKey).toBe(first);
    expect(readdirSync(dir)).toEqual(['encryption.key']);
  });

  it.each([
    ['empty', ''],
    ['cut short', 'abc123'],
  ])('refuses to start on a key file that is %s, naming the file', (_, content) => {
    const dir = dataDir();
    writeFileSync(join(dir, 'encryption.key'), content);
    const load = () => loadConfig({ DATA_DIR: dir });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(`${join(dir, 'encryption.key')}: not a key`);
    // The file is left for its owner to restore, not replaced by a new key.
    expect(readFileSync(join(dir, 'encryption.key'), 'utf8')).toBe(content);
  });

  it('gives instances starting at once on a new DATA_DIR one key', async () => {
    const dir = dataDir();
    const script = `
      import { loadConfig } from ${JSON.stringify(join(import.meta.dirname, 'config.ts'))};
      console.log(loadConfig({ DATA_DIR: process.argv[1] }).encryptionKey);`;
    const keys = await Promise.all(
      Array.from({ length: 6 }, () =>
        execFileAsync(process.execPath, evalFromSources(script, dir), { env: {} }).then(
          ({ stdout }) => stdout.trim(),
        ),
      ),
    );
    const stored = readFileSync(join(dir, 'encryption.key'), 'utf8').trim();
    expect(stored).toHaveLength(43);
    expect(keys).toEqual(Array(6).fill(stored));
    expect(readdirSync(dir)).toEqual(['encryption.key']);
  }, 30_000);

  it.each([
    [{ PORT: 'eighty' }, /^PORT: /],
    [{ PORT: '70000' }, /^PORT: /],
    [{ APP_URL: 'localhost:3000' }, /^APP_URL: /],
    [{ DATABASE_URL: 'mysql://x' }, /^DATABASE_URL: must start with postgres/],
    [{ REDIS_URL: 'http://cache' }, /^REDIS_URL: /],
    [{ ADMIN_EMAIL: 'not-an-email' }, /^ADMIN_EMAIL: /],
    [{ ENCRYPTION_KEY: 'short' }, /^ENCRYPTION_KEY: /],
    [{ LOG_LEVEL: 'loud' }, /^LOG_LEVEL: /],
    [{ NODE_ENV: 'staging' }, /^NODE_ENV: /],
    [
      { CORS_ORIGINS: 'localhost:4200' },
      /^CORS_ORIGINS: must be http\(s\) URLs separated by commas$/,
    ],
    [{ OIDC_EXTRA_REDIRECT_URIS: 'http://ok.test, ftp://x' }, /^OIDC_EXTRA_REDIRECT_URIS: /],
    [{ NODE_ENV: 'production' }, /^ADMIN_PASSWORD: required when NODE_ENV is production$/],
  ])('stops on %o with one line naming the variable', (environment, message) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...environment })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...environment })).toThrow(message);
  });

  it("takes argon2id's parameters from the environment, OWASP's minimum by default", () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).passwordHashing).toEqual({
      memoryCost: 19_456,
      timeCost: 2,
      parallelism: 1,
    });
    const stronger = loadConfig({
      DATA_DIR: dataDir(),
      PASSWORD_HASH_MEMORY_KIB: '65536',
      PASSWORD_HASH_ITERATIONS: '3',
      PASSWORD_HASH_PARALLELISM: '4',
    });
    expect(stronger.passwordHashing).toEqual({ memoryCost: 65_536, timeCost: 3, parallelism: 4 });
    expect(() => loadConfig({ DATA_DIR: dataDir(), PASSWORD_HASH_MEMORY_KIB: '512' })).toThrow(
      /^PASSWORD_HASH_MEMORY_KIB: /,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir(), PASSWORD_HASH_ITERATIONS: '0' })).toThrow(
      ConfigError,
    );
  });

  it('keeps security-log rows 365 days unless told, and for ever with 0', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).securityLogRetentionDays).toBe(365);
    const keepAll = loadConfig({ DATA_DIR: dataDir(), SECURITY_LOG_RETENTION_DAYS: '0' });
    expect(keepAll.securityLogRetentionDays).toBe(0);
    for (const wrong of ['-1', '30.5', 'a year']) {
      expect(() => loadConfig({ DATA_DIR: dataDir(), SECURITY_LOG_RETENTION_DAYS: wrong })).toThrow(
        /^SECURITY_LOG_RETENTION_DAYS: /,
      );
    }
  });

  it('takes an empty variable for an unset one, as env files write them', () => {
    const config = loadConfig({ DATA_DIR: dataDir(), PORT: '', APP_URL: '', LOG_LEVEL: '' });
    expect(config).toMatchObject({ port: 3000, appUrl: 'http://localhost:3000', logLevel: 'info' });
    expect(() =>
      loadConfig({ DATA_DIR: dataDir(), NODE_ENV: 'production', ADMIN_PASSWORD: '' }),
    ).toThrow(/^ADMIN_PASSWORD: required when NODE_ENV is production$/);
  });

  it('lets the origins of CORS_ORIGINS and of the extra redirect URIs call from browsers', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).authServer.corsOrigins).toEqual([]);
    const config = loadConfig({
      DATA_DIR: dataDir(),
      CORS_ORIGINS: 'http://localhost:4200/, https://app.example.test',
      OIDC_EXTRA_REDIRECT_URIS: 'http://localhost:4200/signin-oidc,http://localhost:5173/',
    });
    expect(config.authServer.corsOrigins).toEqual([
      'http://localhost:4200',
      'https://app.example.test',
      'http://localhost:5173',
    ]);
    expect(config.authServer.extraRedirectUris).toEqual([
      'http://localhost:4200/signin-oidc',
      'http://localhost:5173/',
    ]);
  });

  it('collects Settings__ variables for the configuration setting provider', () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      'Settings__Abp.Mailing.Smtp.Host': 'smtp.example',
    });
    expect(config.settings).toEqual({ 'Abp.Mailing.Smtp.Host': 'smtp.example' });
  });
});
