import { type AppDataContext, createDataContextFor, createRawKysely } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { createCacheHub } from '../src/platform/caching/cache.js';
import { acrossAllTenants } from '../src/platform/data/data-scope.js';
import { createProviderValueRepository } from '../src/platform/data/provider-value.repository.js';
import { mailSettings } from '../src/platform/mail/mail.settings.js';
import { createMailOutbox } from '../src/platform/mail/mail-outbox.js';
import { createOutboxRepository } from '../src/platform/mail/outbox.repository.js';
import {
  createOutboxWorker,
  type OutboxWorker,
  type OutboxWorkerOptions,
} from '../src/platform/mail/outbox-worker.js';
import { createSmtpSender, type MailMessage } from '../src/platform/mail/smtp-sender.js';
import { createStringEncryption } from '../src/platform/security/string-encryption.js';
import { SettingRegistry } from '../src/platform/settings/setting-definitions.js';
import { createSettingManager, SettingProvider } from '../src/platform/settings/setting-manager.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';

interface LogEntry {
  level: 'info' | 'warn' | 'error';
  details: Record<string, unknown>;
  message: string;
}

/**
 * The mail outbox as the application wires it (real settings, encryption, SMTP sender, worker)
 * on a fresh test database, with short timings. `reset()` between tests empties the outbox and
 * the settings and stops the workers.
 */
export async function createMailOutboxKit() {
  const database: TestDatabase = await createTestDatabase();
  const raw = createRawKysely(database.target);
  await migrateToLatest(raw);
  await raw.destroy();
  const data: AppDataContext = createDataContextFor(database.target);
  const repository = createOutboxRepository(data);
  const workers: OutboxWorker[] = [];
  const cacheHub = createCacheHub();
  let settings = newSettingManager();

  function newSettingManager() {
    return createSettingManager({
      data,
      registry: new SettingRegistry(mailSettings('Viñeta')),
      values: createProviderValueRepository(data, 'settings'),
      cache: cacheHub.create(`settings-${crypto.randomUUID()}`),
      configuration: {},
      encryption: createStringEncryption('test-encryption-key-0123456789abcdef'),
    });
  }

  /** A worker (not started) and the outbox that nudges it; `sender` replaces SMTP when given. */
  function worker(
    options: OutboxWorkerOptions = {},
    sender?: { sendNow(message: MailMessage): Promise<unknown> },
  ) {
    const logs: LogEntry[] = [];
    const log = (level: LogEntry['level']) => (details: object, message: string) =>
      logs.push({ level, details: details as Record<string, unknown>, message });
    const created = createOutboxWorker({
      repository,
      sender: sender ?? createSmtpSender({ settings, trustAnyCertificateForTests: true }),
      options: { pollIntervalMs: 20, backoffBaseMs: 20, ...options },
    });
    workers.push(created);
    const outbox = createMailOutbox({ data, repository, nudge: () => created.nudge() });
    const start = () =>
      created.start({ info: log('info'), warn: log('warn'), error: log('error') });
    return { worker: created, outbox, logs, start };
  }

  return {
    data,
    /** Where the database is, for a test that reaches it from outside (another process's lock). */
    target: database.target,
    repository,
    get settings() {
      return settings;
    },
    worker,
    setGlobal: (name: string, value: string) =>
      settings.setForProvider(name, value, SettingProvider.Global, ''),
    setForTenant: (tenantId: string, name: string, value: string) =>
      settings.setForProvider(name, value, SettingProvider.Tenant, tenantId),
    rows: () => acrossAllTenants(() => data.query().selectFrom('mailOutbox').selectAll().execute()),
    async reset() {
      await Promise.all(workers.splice(0).map((each) => each.stop()));
      await acrossAllTenants(() => data.query().deleteFrom('mailOutbox').execute());
      await data.query().deleteFrom('settings').execute();
      settings = newSettingManager();
    },
    async close() {
      await Promise.all(workers.map((each) => each.stop()));
      await cacheHub.close();
      await data.destroy();
      await database.drop();
    },
  };
}

export type MailOutboxKit = Awaited<ReturnType<typeof createMailOutboxKit>>;
