import { z } from 'zod';
import { requiredString } from '../common/fields.js';
import { LoginLimits } from '../identity/identity.limits.js';

/**
 * ABP's `LoginResultType` (an integer in JSON). Use `LoginResultType.enum.Success` for the
 * value, `LoginResultType` as the schema and the type.
 */
export const LoginResultType = z
  .enum({
    Success: 1,
    InvalidUserNameOrPassword: 2,
    NotAllowed: 3,
    LockedOut: 4,
    RequiresTwoFactor: 5,
  })
  .meta({ id: 'LoginResultType' });
export type LoginResultType = z.infer<typeof LoginResultType>;

/** Answer of the MVC cookie-login API (`/api/account/login`, `/api/account/check-password`). */
export const AbpLoginResult = z
  .object({ result: LoginResultType, description: z.string() })
  .meta({ id: 'AbpLoginResult' });
export type AbpLoginResult = z.infer<typeof AbpLoginResult>;

/** Body of the MVC cookie-login API. */
export const UserLoginInfo = z
  .object({
    userNameOrEmailAddress: requiredString(LoginLimits.maxUserNameOrEmailLength),
    password: requiredString(LoginLimits.maxPasswordLength),
    rememberMe: z.boolean().default(false),
  })
  .meta({ id: 'UserLoginInfo' });
export type UserLoginInfo = z.infer<typeof UserLoginInfo>;
