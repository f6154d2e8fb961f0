import type { PasswordRules } from '@vineta/contracts/identity/password-rules';
import { useMemo } from 'react';
import { appConfigurationStore } from '#src/core/app-configuration/app-configuration-store';
import { useStore } from '#src/core/store';
import { passwordRulesFrom } from '#src/theme/form/password-validators';

const none: Readonly<Record<string, string | null>> = {};

/** The server's password rules (`Abp.Identity.Password.*` in the configuration's settings). */
export function usePasswordRules(): PasswordRules {
  const values = useStore(appConfigurationStore, (configuration) => configuration?.setting.values);
  return useMemo(() => passwordRulesFrom(values ?? none), [values]);
}
