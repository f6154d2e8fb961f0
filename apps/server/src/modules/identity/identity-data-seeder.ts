import type { AppDataContext } from '../../db/database.js';
import {
  type PermissionChecker,
  ROLE_PROVIDER,
} from '../../platform/authorization/permission-checker.js';
import type { PermissionRegistry } from '../../platform/authorization/permission-definitions.js';
import { creationAudit, newConcurrencyStamp, normalize } from '../../platform/data/audit.js';
import { withinTenant } from '../../platform/data/data-scope.js';
import type { PasswordHasher } from './password-hasher.js';
import type { RolesRepository } from './roles/roles.repository.js';
import type { UsersRepository } from './users/users.repository.js';

export const ADMIN_NAME = 'admin';

/**
 * ABP's identity and permission seed for one side (host: `null`, or a tenant): the static, public
 * role `admin` holding every permission of that side, and the user `admin` in it. Running it again
 * changes nothing; the password is hashed before the transaction so the database is never held
 * while argon2 works.
 */
export function createIdentityDataSeeder(deps: {
  data: AppDataContext;
  users: UsersRepository;
  roles: RolesRepository;
  hasher: PasswordHasher;
  permissions: PermissionChecker;
  registry: PermissionRegistry;
}) {
  const { data, users, roles, hasher, permissions, registry } = deps;

  /**
   * The seed itself, with the password already hashed (`null`: no user is created). It joins the
   * caller's transaction when there is one, so tenant creation can seed in its own.
   */
  function seedHashed(
    tenantId: string | null,
    admin: { email: string; passwordHash: string | null },
  ): Promise<{ createdUser: boolean }> {
    const { passwordHash } = admin;
    return withinTenant(tenantId, () =>
      data.transaction(async () => {
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
        for (const permission of registry.all()) {
          if (
            registry.isAvailable(permission, tenantId) &&
            registry.allowsProvider(permission, ROLE_PROVIDER)
          ) {
            await permissions.setGranted(permission.name, ROLE_PROVIDER, ADMIN_NAME, true);
          }
        }
        // Another instance may have seeded meanwhile: look again inside the transaction.
        if (!passwordHash || (await users.findByNormalizedUserName(normalize(ADMIN_NAME)))) {
          return { createdUser: false };
        }
        const userId = crypto.randomUUID();
        await users.insert({
          id: userId,
          userName: ADMIN_NAME,
          normalizedUserName: normalize(ADMIN_NAME),
          name: ADMIN_NAME,
          email: admin.email,
          normalizedEmail: normalize(admin.email),
          passwordHash,
          securityStamp: crypto.randomUUID(),
          concurrencyStamp: newConcurrencyStamp(),
          ...creationAudit(),
        });
        await users.addToRole(userId, role.id);
        return { createdUser: true };
      }),
    );
  }

  return {
    async seed(
      tenantId: string | null,
      admin: { email: string; password: string },
    ): Promise<{ createdUser: boolean }> {
      const existing = await withinTenant(tenantId, () =>
        users.findByNormalizedUserName(normalize(ADMIN_NAME)),
      );
      const passwordHash = existing ? null : await hasher.hash(admin.password);
      return seedHashed(tenantId, { email: admin.email, passwordHash });
    },
    seedHashed,
  };
}

export type IdentityDataSeeder = ReturnType<typeof createIdentityDataSeeder>;
