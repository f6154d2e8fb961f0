import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../../../test/create-test-app.js';
import { accessTokenFor, bearer } from '../../../test/sign-in.js';
import { buildApp } from '../../app.js';

// biome-ignore lint/style/noProcessEnv: only CI's second pass (PostgreSQL + Redis) runs a cluster
const redisUrl = process.env.TEST_REDIS_URL;
const ALLOW_EMAIL = 'SettingManagement.AllowChangingEmailSettings';
const PASSWORD = 'Tenant-Pass-1!';

/**
 * Two instances on one database and one Redis, as behind a load balancer: a feature value saved
 * through one reaches the tenant's configuration served by the other, whose copy was cached.
 */
describe.skipIf(!redisUrl)('feature values across instances', () => {
  let first: TestApp;
  let second: FastifyInstance;
  let host: Record<string, string>;
  let tenantAdmin: Record<string, string>;
  let tenantId: string;

  beforeAll(async () => {
    first = await createTestApp();
    second = await buildApp(first.config, { webRoot: '/nonexistent' });
    host = bearer(await accessTokenFor(first.app, 'admin', TEST_ADMIN_PASSWORD));
    const created = await first.app.inject({
      method: 'POST',
      url: '/api/multi-tenancy/tenants',
      headers: host,
      payload: { name: 'Cluster', adminEmailAddress: 'admin@cluster.mx', adminPassword: PASSWORD },
    });
    tenantId = created.json().id;
    tenantAdmin = bearer(await accessTokenFor(first.app, 'admin', PASSWORD, 'cluster'));
  });
  afterAll(async () => {
    await second.close();
    await first.close();
  });

  const configuredOnSecond = async () => {
    const response = await second.inject({
      url: '/api/abp/application-configuration?includeLocalizationResources=false',
      headers: tenantAdmin,
    });
    return (response.json().features.values as Record<string, string>)[ALLOW_EMAIL];
  };

  it("drops the other instance's cached configuration", async () => {
    expect(await configuredOnSecond()).toBe('false');
    const saved = await first.app.inject({
      method: 'PUT',
      url: `/api/feature-management/features?providerName=T&providerKey=${tenantId}`,
      headers: host,
      payload: { features: [{ name: ALLOW_EMAIL, value: 'true' }] },
    });
    expect(saved.statusCode).toBe(204);
    // Pub/sub delivers in milliseconds; the TTL (60 s) would be the only other way.
    await expect.poll(configuredOnSecond, { timeout: 2000 }).toBe('true');
  });
});
