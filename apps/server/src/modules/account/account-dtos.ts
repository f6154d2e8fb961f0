import type { ProfileDto } from '@vineta/contracts/account/profile';
import { parseExtraProperties } from '../../platform/data/extra-properties.js';
import type { IdentityUserRow } from '../identity/identity.tables.js';

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
    extraProperties: parseExtraProperties(user.extraProperties),
  };
}
