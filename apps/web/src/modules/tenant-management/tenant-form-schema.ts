import {
  createPasswordSchema,
  identityPasswordErrorCodes,
  type PasswordRules,
} from '@vineta/contracts/identity/password-rules';
import { TenantCreateDto, TenantUpdateDto } from '@vineta/contracts/tenant-management/tenant';
import { z } from 'zod';
import { codesUnder } from '#src/theme/form/apply-validation-errors';

/** New tenant: name, the admin's e-mail and a password under the host's password rules. */
export function newTenantSchema(rules: PasswordRules) {
  return TenantCreateDto.pick({ name: true, adminEmailAddress: true }).extend({
    adminPassword: createPasswordSchema(rules),
    isActive: z.boolean(),
  });
}

export type NewTenantValues = z.infer<ReturnType<typeof newTenantSchema>>;

/** Edit: the name and the active flag (the stamp travels from the loaded tenant). */
export const editTenantSchema = TenantUpdateDto.pick({ name: true }).extend({
  isActive: z.boolean(),
});

export type EditTenantValues = z.infer<typeof editTenantSchema>;

/** The fields the server's validation errors may name. */
export const tenantFormFields = ['name', 'adminEmailAddress', 'adminPassword'] as const;

/** The errors that belong under a field of the tenant forms rather than in a toast alone. */
export const tenantFormCodeFields: Readonly<Record<string, string>> = {
  'Volo.Abp.TenantManagement:DuplicateTenantName': 'name',
  ...codesUnder(identityPasswordErrorCodes, 'adminPassword'),
};
