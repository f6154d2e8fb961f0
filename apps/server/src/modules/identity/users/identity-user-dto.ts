import type { IdentityUserDto, UserData } from '@vineta/contracts/identity/identity-user';
import { parseExtraProperties } from '../../../platform/data/extra-properties.js';
import type { ListedUser } from './user-list.repository.js';

/** ASP.NET Identity's `IsLockedOutAsync`: lockout enabled and its end still ahead. */
export const isLockedOut = (user: ListedUser, now = new Date()) =>
  user.lockoutEnabled && user.lockoutEnd !== null && new Date(user.lockoutEnd) > now;

export const toUserData = (user: ListedUser): UserData => ({
  id: user.id,
  tenantId: user.tenantId,
  userName: user.userName,
  name: user.name,
  surname: user.surname,
  email: user.email,
  emailConfirmed: user.emailConfirmed,
  phoneNumber: user.phoneNumber,
  phoneNumberConfirmed: user.phoneNumberConfirmed,
});

export const toIdentityUserDto = (user: ListedUser, now = new Date()): IdentityUserDto => ({
  ...toUserData(user),
  isActive: user.isActive,
  lockoutEnabled: user.lockoutEnabled,
  lockoutEnd: user.lockoutEnd,
  accessFailedCount: user.accessFailedCount,
  isLockedOut: isLockedOut(user, now),
  concurrencyStamp: user.concurrencyStamp,
  creationTime: user.creationTime,
  creatorId: user.creatorId,
  lastModificationTime: user.lastModificationTime,
  lastModifierId: user.lastModifierId,
  isDeleted: user.isDeleted,
  deleterId: user.deleterId,
  deletionTime: user.deletionTime,
  extraProperties: parseExtraProperties(user.extraProperties),
});
