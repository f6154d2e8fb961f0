import { useMemo } from 'react';
import { appConfigurationStore } from '#src/core/app-configuration/app-configuration-store';
import { useStore } from '#src/core/store';
import { passwordRulesFrom } from '#src/theme/form/password-validators';

/** The password rules of the configuration's `Abp.Identity.Password.*` settings. */
export function usePasswordRules() {
  const settings = useStore(
    appConfigurationStore,
    (configuration) => configuration?.setting.values,
  );
  return useMemo(() => passwordRulesFrom(settings ?? {}), [settings]);
}
