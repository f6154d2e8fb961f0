import { act } from '@testing-library/react';
import type { IdentityRoleDto } from '@vineta/contracts/identity/identity-role';
import type { IdentityUserDto } from '@vineta/contracts/identity/identity-user';
import { vi } from 'vitest';
import { appConfigurationStore } from '#src/core/app-configuration/app-configuration-store';
import type { ApplicationConfiguration } from '#src/core/app-configuration/application-configuration';
import { applyLocalization } from '#src/core/localization/i18n';
import { testConfiguration } from '#src/test/app-configuration';
import { identityTexts, uiTexts, validationTexts, vinetaTexts } from '#src/test/server-texts';
import { toaster } from '#src/theme/toast/toaster';

/** Helpers for the identity screens' component tests: English texts and a fake server. */
export { fakeServer, type Handler, type RecordedRequest } from '#src/test/fake-server';
export { CurrentAddress, renderWithProviders } from '#src/test/render-with-providers';

/** The signed-in administrator's configuration with the given policies, in English. */
export async function loadIdentityConfiguration(
  policies: Record<string, boolean>,
  userId = 'me',
): Promise<ApplicationConfiguration> {
  const configuration = testConfiguration({
    culture: 'en',
    authenticated: true,
    policies,
    values: {
      AbpIdentity: identityTexts.texts,
      AbpUi: uiTexts.texts,
      AbpValidation: validationTexts.texts,
      Vineta: vinetaTexts.texts,
    } as Record<string, Record<string, string>>,
  });
  configuration.currentUser.id = userId;
  await applyLocalization(configuration);
  appConfigurationStore.set(configuration);
  return configuration;
}

/** A role as the API answers it: id `id-<name>` and no badges unless `extra` says so. */
export const roleDto = (name: string, extra: Partial<IdentityRoleDto> = {}): IdentityRoleDto => ({
  id: `id-${name}`,
  name,
  isDefault: false,
  isStatic: false,
  isPublic: false,
  concurrencyStamp: 'stamp',
  extraProperties: {},
  ...extra,
});

/** A user as the API answers it: id `id-<userName>`, active, not locked out, unless `extra` says. */
export const userDto = (
  userName: string,
  extra: Partial<IdentityUserDto> = {},
): IdentityUserDto => ({
  id: `id-${userName}`,
  tenantId: null,
  userName,
  name: null,
  surname: null,
  email: `${userName}@example.com`,
  emailConfirmed: false,
  phoneNumber: null,
  phoneNumberConfirmed: false,
  isActive: true,
  lockoutEnabled: true,
  lockoutEnd: null,
  accessFailedCount: 0,
  isLockedOut: false,
  concurrencyStamp: 'stamp',
  creationTime: '2026-01-01T00:00:00Z',
  creatorId: null,
  lastModificationTime: null,
  lastModifierId: null,
  isDeleted: false,
  deleterId: null,
  deletionTime: null,
  extraProperties: {},
  ...extra,
});

export function resetIdentityState(): void {
  vi.unstubAllGlobals();
  act(() => toaster.clear());
  appConfigurationStore.set(undefined);
}
