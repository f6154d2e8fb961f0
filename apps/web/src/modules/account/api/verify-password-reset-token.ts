import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VerifyPasswordResetTokenInput } from '@vineta/contracts/account/password-reset';
import { http } from '#src/core/http/http';
import { couldNotAnswer, RestError } from '#src/core/http/remote-service-error';

/**
 * `POST /api/account/verify-password-reset-token`: whether the e-mailed link still works. A
 * malformed link (the server refuses the input) counts as one that does not. A server that could
 * not answer (gone, failing, asking to slow down) is an error, not an expired link: the page then
 * offers to ask again, where it sent the user to ask for a new e-mail they did not need.
 */
export function verifyPasswordResetToken(
  input: VerifyPasswordResetTokenInput,
  signal?: AbortSignal,
): Promise<boolean> {
  return http
    .post<boolean>('/api/account/verify-password-reset-token', input, {
      skipHandleError: true,
      ...(signal ? { signal } : {}),
    })
    .then(
      (valid) => valid === true,
      (error: unknown) => {
        if (error instanceof RestError && !couldNotAnswer(error)) return false;
        throw error;
      },
    );
}

export const verifyPasswordResetTokenQueryOptions = (input: VerifyPasswordResetTokenInput) =>
  queryOptions({
    queryKey: ['account', 'verify-password-reset-token', input.userId, input.resetToken],
    queryFn: ({ signal }) => verifyPasswordResetToken(input, signal),
    staleTime: 0,
    gcTime: 0,
  });

export function useVerifyPasswordResetToken(input: VerifyPasswordResetTokenInput) {
  return useQuery(verifyPasswordResetTokenQueryOptions(input));
}
