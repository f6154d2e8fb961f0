import {
  type PasswordRules,
  passwordRulesFromSettings,
} from '@vineta/contracts/identity/password-rules';
import { useMemo } from 'react';
import { useStore } from '#src/core/store';
import { appConfigurationStore } from './app-configuration-store';

const none: Readonly<Record<string, string | null>> = {};

/** The server's password rules (`Abp.Identity.Password.*` in the configuration's settings). */
export function usePasswordRules(): PasswordRules {
  const values = useStore(appConfigurationStore, (configuration) => configuration?.setting.values);
  return useMemo(() => passwordRulesFromSettings(values ?? none), [values]);
}
