import {
  IdentityUserCreateDto,
  type IdentityUserDto,
} from '@vineta/contracts/identity/identity-user';
import {
  createPasswordSchema,
  identityUserErrorFields,
  type PasswordRules,
} from '@vineta/contracts/identity/password-rules';
import { z } from 'zod';

const base = IdentityUserCreateDto.pick({
  userName: true,
  name: true,
  surname: true,
  email: true,
  phoneNumber: true,
});

/** Empty keeps the password; anything else follows the rules (with the rules' own messages). */
function optionalPassword(password: z.ZodType<string>) {
  return z.string().superRefine((value, ctx) => {
    if (value === '') return;
    for (const issue of password.safeParse(value).error?.issues ?? []) {
      ctx.addIssue({ ...(issue as object), input: value } as Parameters<typeof ctx.addIssue>[0]);
    }
  });
}

/** The user form: the password follows the rules, and may stay empty on edit (keep it). */
export function userFormSchema(rules: PasswordRules, editing: boolean) {
  const password = createPasswordSchema(rules);
  return base.extend({
    password: editing ? optionalPassword(password) : password,
    isActive: z.boolean(),
    lockoutEnabled: z.boolean(),
    roleNames: z.array(z.string()),
  });
}

export type UserFormValues = z.infer<ReturnType<typeof userFormSchema>>;

export const userFormFields = [
  'userName',
  'name',
  'surname',
  'email',
  'phoneNumber',
  'password',
] as const;

/** The identity errors that belong under a field of the user form rather than in a toast alone. */
export const userFormCodeFields: Readonly<Record<string, string>> = identityUserErrorFields({
  userName: 'userName',
  email: 'email',
  password: 'password',
});

/** Nullable server fields become empty strings (a form renders only loaded data). */
export function userFormDefaults(
  user: IdentityUserDto | undefined,
  roleNames: string[],
  lockoutForNewUsers: boolean,
): UserFormValues {
  return {
    userName: user?.userName ?? '',
    name: user?.name ?? '',
    surname: user?.surname ?? '',
    email: user?.email ?? '',
    phoneNumber: user?.phoneNumber ?? '',
    password: '',
    isActive: user?.isActive ?? true,
    lockoutEnabled: user?.lockoutEnabled ?? lockoutForNewUsers,
    roleNames,
  };
}
