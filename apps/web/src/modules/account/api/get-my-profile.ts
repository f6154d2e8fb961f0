import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProfileDto } from '@vineta/contracts/account/profile';
import { http } from '#src/core/http/http';

/** Keyed by the user, so a cached profile never outlives a change of user. */
export const myProfileQueryKey = (userId: string | null | undefined) =>
  ['account', 'my-profile', userId ?? ''] as const;

/** `GET /api/account/my-profile`. */
export function getMyProfile(signal?: AbortSignal): Promise<ProfileDto> {
  return http.get<ProfileDto>('/api/account/my-profile', undefined, signal ? { signal } : {});
}

export const myProfileQueryOptions = (userId: string | null | undefined) =>
  queryOptions({
    queryKey: myProfileQueryKey(userId),
    queryFn: ({ signal }) => getMyProfile(signal),
  });

export function useMyProfile(userId: string | null | undefined) {
  return useQuery(myProfileQueryOptions(userId));
}
