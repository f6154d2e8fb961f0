import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileDto, UpdateProfileDto } from '@vineta/contracts/account/profile';
import { http } from '#src/core/http/http';
import { myProfileQueryKey } from './get-my-profile';

/** `PUT /api/account/my-profile` with the concurrency stamp; answers the saved profile. */
export function updateMyProfile(input: UpdateProfileDto): Promise<ProfileDto> {
  return http.put<ProfileDto>('/api/account/my-profile', input);
}

export const updateMyProfileMutationOptions = () =>
  mutationOptions({ mutationKey: ['account', 'update-my-profile'], mutationFn: updateMyProfile });

/** The server's answer replaces the stored profile (SPEC.md section 4). */
export function useUpdateMyProfile(userId: string | null | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    ...updateMyProfileMutationOptions(),
    onSuccess: (profile) => queryClient.setQueryData(myProfileQueryKey(userId), profile),
  });
}
