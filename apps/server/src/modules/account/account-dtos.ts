import type { ProfileDto } from '@vineta/contracts/account/profile';
import type { IdentityUserDto } from '@vineta/contracts/identity/identity-user';
import type { IdentityUserRow } from '../identity/users/users.repository.js';

const extra = (json: string): Record<string, unknown> => {
  try {
    return JSON.parse(json) as Record<string, unknown>;
  } catch {
    return {};
  }
};

/** ABP's `IdentityUserDto` (what register answers). */
export function toIdentityUserDto(user: IdentityUserRow): IdentityUserDto {
  return {
    id: user.id,
    tenantId: user.tenantId,
    userName: user.userName,
    name: user.name,
    surname: user.surname,
    email: user.email,
    emailConfirmed: user.emailConfirmed,
    phoneNumber: user.phoneNumber,
    phoneNumberConfirmed: user.phoneNumberConfirmed,
    isActive: user.isActive,
    lockoutEnabled: user.lockoutEnabled,
    lockoutEnd: user.lockoutEnd,
    accessFailedCount: user.accessFailedCount,
    isLockedOut:
      user.lockoutEnabled && user.lockoutEnd !== null && new Date(user.lockoutEnd) > new Date(),
    concurrencyStamp: user.concurrencyStamp,
    creationTime: user.creationTime,
    creatorId: user.creatorId,
    lastModificationTime: user.lastModificationTime,
    lastModifierId: user.lastModifierId,
    isDeleted: user.isDeleted,
    deleterId: user.deleterId,
    deletionTime: user.deletionTime,
    extraProperties: extra(user.extraProperties),
  };
}

/** ABP's `ProfileDto` (my-profile), with the stamp the next update must name. */
export function toProfileDto(user: IdentityUserRow): ProfileDto {
  return {
    userName: user.userName,
    email: user.email,
    name: user.name,
    surname: user.surname,
    phoneNumber: user.phoneNumber,
    isExternal: user.isExternal,
    hasPassword: user.passwordHash !== null,
    concurrencyStamp: user.concurrencyStamp,
    extraProperties: extra(user.extraProperties),
  };
}
