import { z } from 'zod';
import { GuidInput } from '../common/entity.js';
import { emailAddress, requiredString } from '../common/fields.js';
import { IdentityUserLimits } from '../identity/identity.limits.js';
import { AccountLimits } from './account.limits.js';

/** Body of `POST /api/account/send-password-reset-code`. */
export const SendPasswordResetCodeDto = z
  .object({
    email: emailAddress(IdentityUserLimits.maxEmailLength),
    appName: requiredString(AccountLimits.maxAppNameLength),
    returnUrl: z.string().nullish(),
    returnUrlHash: z.string().nullish(),
  })
  .meta({ id: 'SendPasswordResetCodeDto' });
export type SendPasswordResetCodeDto = z.infer<typeof SendPasswordResetCodeDto>;

const resetToken = z.string().min(1);

/** Body of `POST /api/account/reset-password` (the password rules are checked by the server). */
export const ResetPasswordDto = z
  .object({
    userId: GuidInput,
    resetToken,
    password: requiredString(IdentityUserLimits.maxPasswordLength),
  })
  .meta({ id: 'ResetPasswordDto' });
export type ResetPasswordDto = z.infer<typeof ResetPasswordDto>;

/** Body of `POST /api/account/verify-password-reset-token` (answers a boolean). */
export const VerifyPasswordResetTokenInput = z
  .object({ userId: GuidInput, resetToken })
  .meta({ id: 'VerifyPasswordResetTokenInput' });
export type VerifyPasswordResetTokenInput = z.infer<typeof VerifyPasswordResetTokenInput>;
