import { mutationOptions, useMutation } from '@tanstack/react-query';
import { accountAppName } from '@vineta/contracts/account/account.limits';
import type { RegisterDto } from '@vineta/contracts/account/register';
import type { IdentityUserDto } from '@vineta/contracts/identity/identity-user';
import { http } from '#src/core/http/http';

export type RegisterInput = Pick<RegisterDto, 'userName' | 'emailAddress' | 'password'>;

/** `POST /api/account/register`; the page shows its errors itself (SPEC.md section 8). */
export function register(input: RegisterInput): Promise<IdentityUserDto> {
  return http.post<IdentityUserDto>(
    '/api/account/register',
    { ...input, appName: accountAppName },
    { skipHandleError: true },
  );
}

export const registerMutationOptions = () =>
  mutationOptions({ mutationKey: ['account', 'register'], mutationFn: register });

export function useRegister() {
  return useMutation(registerMutationOptions());
}
