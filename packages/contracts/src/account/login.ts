import { z } from 'zod';
import { requiredString } from '../common/fields.js';
import { LoginLimits } from '../identity/identity.limits.js';

/**
 * The sign-in form (SPEC §3, §5): ABP Angular's `LoginParams` of the password flow. Kept apart
 * from every admin DTO so the sign-in page bundle pulls in nothing else.
 */
export const LoginParams = z
  .object({
    username: requiredString(LoginLimits.maxUserNameOrEmailLength),
    password: requiredString(LoginLimits.maxPasswordLength),
    rememberMe: z.boolean().optional(),
    /** Where to go after signing in; not a form field. */
    redirectUrl: z.string().optional(),
  })
  .meta({ id: 'LoginParams' });
export type LoginParams = z.infer<typeof LoginParams>;
