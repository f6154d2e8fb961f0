import { sql } from 'kysely';
import type { AppDataContext } from '../../db/database.js';
import {
  type PermissionChecker,
  ROLE_PROVIDER,
} from '../../platform/authorization/permission-checker.js';
import type { PermissionRegistry } from '../../platform/authorization/permission-definitions.js';
import type { PermissionGrantRepository } from '../../platform/authorization/permission-grant.repository.js';
import { creationAudit, newConcurrencyStamp, normalize } from '../../platform/data/audit.js';
import { acrossAllTenants, withinTenant } from '../../platform/data/data-scope.js';
import type { PasswordHasher } from '../../platform/security/password-hashing/password-hasher.js';
import type { RolesRepository } from './roles/roles.repository.js';
import type { UsersRepository } from './users/users.repository.js';

export const ADMIN_NAME = 'admin';
/** Any tenant's id, for what is the same on every tenant's side (the permissions available there). */
const TENANT_SIDE = 'any tenant';
/** Tenants read at a time when every tenant's permissions are seeded at start. */
const TENANTS_SEEDED_A_PAGE = 500;

/** A page of tenants as the seed walks them: each id, and whether it has a database of its own. */
type TenantPage = readonly { id: string; ownDatabase: boolean }[];

/**
 * ABP's identity and permission seed for one side (host: `null`, or a tenant): the static, public
 * role `admin`, granted every permission of that side, and the user `admin` in it. Each grant is
 * made once (`permission_grant_seeds`): a permission taken from the role stays taken when the seed
 * runs again, and one added by an upgrade is granted at the next run. Running it again changes
 * nothing else; the password is hashed before the transaction so the database is never held
 * while argon2 works.
 */
export function createIdentityDataSeeder(deps: {
  data: AppDataContext;
  users: UsersRepository;
  roles: RolesRepository;
  hasher: PasswordHasher;
  permissions: PermissionChecker;
  grants: PermissionGrantRepository;
  registry: PermissionRegistry;
}) {
  const { data, users, roles, hasher, permissions, grants, registry } = deps;

  /** The permissions the admin role of a side (host: `null`, or any tenant) is granted. */
  const adminPermissionsOf = (tenantId: string | null) =>
    registry
      .all()
      .filter(
        (permission) =>
          registry.isAvailable(permission, tenantId) &&
          registry.allowsProvider(permission, ROLE_PROVIDER),
      )
      .map((permission) => permission.name);

  /**
   * The admin role's grants that the seed has not decided on yet on the current side: makes them,
   * and answers those it made. A new permission whose parent the role does not hold (an
   * administrator took it away) is recorded but not granted: the permission dialog never shows a
   * child ticked under an unticked parent, and the administrator's choice covers the new child.
   */
  async function grantNewPermissions(tenantId: string | null): Promise<string[]> {
    const decided = new Set(await grants.namesSeededTo(ROLE_PROVIDER, ADMIN_NAME));
    const names = adminPermissionsOf(tenantId).filter((name) => !decided.has(name));
    if (names.length === 0) return [];
    const held = new Set(await grants.namesGrantedTo(ROLE_PROVIDER, ADMIN_NAME));
    // In tree order, so that a parent is granted before its children are weighed.
    for (const name of names) {
      const parent = registry.get(name)?.parentName ?? null;
      if (parent === null || held.has(parent)) {
        await permissions.setGranted(name, ROLE_PROVIDER, ADMIN_NAME, true);
        held.add(name);
      }
      await grants.recordSeeded(name, ROLE_PROVIDER, ADMIN_NAME);
    }
    return names.filter((name) => held.has(name));
  }

  /**
   * Of a page of tenants, those whose admin role the seed may still owe a permission: in the
   * shared database, those without a record of every grant; and every one with a database of its
   * own, which is not read here (one query for the page, not one a tenant).
   */
  async function tenantsToSeed(page: TenantPage): Promise<string[]> {
    const shared = page.filter((tenant) => !tenant.ownDatabase).map((tenant) => tenant.id);
    const names = adminPermissionsOf(TENANT_SIDE);
    const owed = new Set(
      await acrossAllTenants(() =>
        grants.tenantsNotSeededWith(shared, names, ROLE_PROVIDER, ADMIN_NAME),
      ),
    );
    return page.filter((tenant) => tenant.ownDatabase || owed.has(tenant.id)).map((t) => t.id);
  }

  /**
   * Holds, until the transaction ends, the seed of one side against the same seed in another
   * instance: without it two instances starting on an empty PostgreSQL database both find no
   * admin role, both insert one, and the later dies on the unique index. The lock is taken on the
   * shared database, which the seed's transaction opens first (routing-driver.ts), so it also
   * covers a tenant with a database of its own. SQLite needs none: its transactions begin
   * immediate, so a second instance on the file waits for the first's commit before it reads.
   */
  async function waitForOtherSeeds(tenantId: string | null): Promise<void> {
    if (data.dialect !== 'postgres') return;
    await sql`select pg_advisory_xact_lock(hashtext('identity seed'), hashtext(${tenantId ?? ''}))`.execute(
      data.query(),
    );
  }

  /**
   * The seed itself, with the password already hashed (`null`, or no admin at all: no user is
   * created). It joins the caller's transaction when there is one, so tenant creation can seed in
   * its own. Answers whether it created the user and which permissions it granted.
   */
  function seedHashed(
    tenantId: string | null,
    admin: { email: string; passwordHash: string | null } | null,
  ): Promise<{ createdUser: boolean; grantedPermissions: string[] }> {
    return withinTenant(tenantId, () =>
      data.transaction(async () => {
        await waitForOtherSeeds(tenantId);
        let role = await roles.findByNormalizedName(normalize(ADMIN_NAME));
        if (!role) {
          await roles.insert({
            id: crypto.randomUUID(),
            name: ADMIN_NAME,
            normalizedName: normalize(ADMIN_NAME),
            isStatic: true,
            isPublic: true,
            concurrencyStamp: newConcurrencyStamp(),
            creationTime: new Date().toISOString(),
          });
          role = await roles.findByNormalizedName(normalize(ADMIN_NAME));
        }
        if (!role) throw new Error('The admin role could not be created');
        const grantedPermissions = await grantNewPermissions(tenantId);
        // Another instance may have seeded meanwhile: look again inside the transaction.
        if (!admin?.passwordHash || (await users.findByNormalizedUserName(normalize(ADMIN_NAME)))) {
          return { createdUser: false, grantedPermissions };
        }
        const userId = crypto.randomUUID();
        await users.insert({
          id: userId,
          userName: ADMIN_NAME,
          normalizedUserName: normalize(ADMIN_NAME),
          name: ADMIN_NAME,
          email: admin.email,
          normalizedEmail: normalize(admin.email),
          passwordHash: admin.passwordHash,
          securityStamp: crypto.randomUUID(),
          concurrencyStamp: newConcurrencyStamp(),
          ...creationAudit(),
        });
        await users.addToRole(userId, role.id);
        return { createdUser: true, grantedPermissions };
      }),
    );
  }

  /** The admin role and its new permissions on one side, without an admin user. */
  const seedPermissions = (tenantId: string | null) => seedHashed(tenantId, null);

  return {
    /**
     * The side's admin role and user. `passwordPolicy`, when given, must accept the password
     * before a new admin is made with it (ABP's seeder creates it through the user manager's
     * validators); once the admin exists the password is not read.
     */
    async seed(
      tenantId: string | null,
      admin: { email: string; password: string },
      passwordPolicy?: { validate(password: string): Promise<void> },
    ): Promise<{ createdUser: boolean; grantedPermissions: string[] }> {
      const existing = await withinTenant(tenantId, () =>
        users.findByNormalizedUserName(normalize(ADMIN_NAME)),
      );
      if (!existing && passwordPolicy) {
        await withinTenant(tenantId, () => passwordPolicy.validate(admin.password));
      }
      const passwordHash = existing ? null : await hasher.hash(admin.password);
      return seedHashed(tenantId, { email: admin.email, passwordHash });
    },
    seedHashed,
    seedPermissions,
    /**
     * Every tenant's admin role gets the permissions added since the seed last ran there, a page
     * of tenants at a time (`pageAfter`: the tenants in id order after one). A tenant whose
     * database cannot be reached is passed over and answered, so that one tenant cannot keep the
     * application from starting; the next start tries again.
     */
    async seedEveryTenant(
      pageAfter: (afterId: string | undefined, limit: number) => Promise<TenantPage>,
    ): Promise<{ seeded: number; failed: { tenantId: string; error: unknown }[] }> {
      const failed: { tenantId: string; error: unknown }[] = [];
      let seeded = 0;
      let after: string | undefined;
      for (;;) {
        const page = await pageAfter(after, TENANTS_SEEDED_A_PAGE);
        for (const tenantId of await tenantsToSeed(page)) {
          try {
            await seedPermissions(tenantId);
            seeded++;
          } catch (error) {
            failed.push({ tenantId, error });
          }
        }
        if (page.length < TENANTS_SEEDED_A_PAGE) return { seeded, failed };
        after = page.at(-1)?.id;
      }
    },
  };
}

export type IdentityDataSeeder = ReturnType<typeof createIdentityDataSeeder>;
