import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VerifyPasswordResetTokenInput } from '@vineta/contracts/account/password-reset';
import { http } from '#src/core/http/http';

/**
 * `POST /api/account/verify-password-reset-token`: whether the e-mailed link still works. A
 * malformed link (the server refuses the input) counts as one that does not.
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
        if (error instanceof DOMException && error.name === 'AbortError') throw error;
        return false;
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
