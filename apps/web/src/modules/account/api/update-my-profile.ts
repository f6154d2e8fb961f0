import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileDto, UpdateProfileDto } from '@vineta/contracts/account/profile';
import { http } from '#src/core/http/http';
import { RestError } from '#src/core/http/remote-service-error';
import { myProfileQueryKey } from './get-my-profile';

/** `PUT /api/account/my-profile` with the concurrency stamp; answers the saved profile. */
export function updateMyProfile(input: UpdateProfileDto): Promise<ProfileDto> {
  return http.put<ProfileDto>('/api/account/my-profile', input);
}

export const updateMyProfileMutationOptions = () =>
  mutationOptions({ mutationKey: ['account', 'update-my-profile'], mutationFn: updateMyProfile });

/**
 * The server's answer replaces the stored profile (SPEC.md section 4). A stale stamp (409: saved
 * meanwhile from another tab or device) reads the profile again, so that the form shows what is
 * stored now, as the conflict's message asks the user to start from.
 */
export function useUpdateMyProfile(userId: string | null | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    ...updateMyProfileMutationOptions(),
    onSuccess: (profile) => queryClient.setQueryData(myProfileQueryKey(userId), profile),
    onError: (error) => {
      if (error instanceof RestError && error.status === 409)
        void queryClient.invalidateQueries({ queryKey: myProfileQueryKey(userId) });
    },
  });
}
