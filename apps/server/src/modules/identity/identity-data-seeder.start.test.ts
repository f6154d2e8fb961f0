import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../../../test/create-test-app.js';
import { asBeforePermissionExisted } from '../../../test/permission-seeds.js';
import { accessTokenFor, bearer } from '../../../test/sign-in.js';
import { createTenant } from '../../../test/sign-in-helpers.js';
import { buildApp } from '../../app.js';
import { withinTenant } from '../../platform/data/data-scope.js';

/**
 * The seed at start, through the application: a tenant created before a permission existed has
 * it after the next start, and a permission an administrator took from the host's admin role
 * stays taken.
 */
describe('the identity seed at start', () => {
  let first: TestApp;
  let restarted: FastifyInstance | undefined;
  let tenantId: string;

  beforeAll(async () => {
    first = await createTestApp();
    tenantId = await createTenant(first.app, 'Older');
    const { services } = first.app;
    // As the tenant was before AbpIdentity.SecurityLogs was defined: never granted, never seeded.
    await asBeforePermissionExisted(services, tenantId, 'AbpIdentity.SecurityLogs');
    await withinTenant(null, () =>
      services.permissions.setGranted('AbpIdentity.Users.Delete', 'R', 'admin', false),
    );
  });
  afterAll(async () => {
    await restarted?.close();
    await first.close();
  });

  const securityLogsAs = async (app: FastifyInstance) =>
    (
      await app.inject({
        url: '/api/identity/security-logs',
        headers: bearer(await accessTokenFor(app, 'admin', TEST_ADMIN_PASSWORD, 'older')),
      })
    ).statusCode;

  it("grants an existing tenant's admin the permissions added since, and re-grants nothing taken", async () => {
    expect(await securityLogsAs(first.app)).toBe(403);
    await first.app.close();
    restarted = await buildApp(first.config, { webRoot: '/nonexistent' });
    expect(await securityLogsAs(restarted)).toBe(200);
    const hostAdmin = await withinTenant(null, () =>
      restarted?.services.permissions.grantsOf('R', 'admin'),
    );
    expect(hostAdmin).not.toContain('AbpIdentity.Users.Delete');
    expect(hostAdmin).toContain('AbpIdentity.Users.Update');
  });
});
