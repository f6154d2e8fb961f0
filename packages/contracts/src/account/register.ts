import { z } from 'zod';
import { extensibleInputShape } from '../common/entity.js';
import { emailAddress, requiredString } from '../common/fields.js';
import { IdentityUserLimits } from '../identity/identity.limits.js';
import { AccountLimits } from './account.limits.js';

/**
 * Body of `POST /api/account/register`. The password complexity is not part of the DTO: the
 * server checks it with `identityPasswordErrors`, the form adds `createPasswordSchema(rules)`.
 */
export const RegisterDto = z
  .object({
    userName: requiredString(IdentityUserLimits.maxUserNameLength),
    emailAddress: emailAddress(IdentityUserLimits.maxEmailLength),
    password: requiredString(IdentityUserLimits.maxPasswordLength),
    appName: requiredString(AccountLimits.maxAppNameLength),
    ...extensibleInputShape,
  })
  .meta({ id: 'RegisterDto' });
export type RegisterDto = z.infer<typeof RegisterDto>;
