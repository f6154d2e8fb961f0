import { refreshAppConfiguration } from '../app-configuration/get-application-configuration';
import { writeCookie } from '../http/cookies';
import { setSessionLanguage } from '../session/session-store';

export const cultureCookie = '.AspNetCore.Culture';

/** ASP.NET Core's culture cookie value. */
export function cultureCookieValue(cultureName: string): string {
  return `c=${cultureName}|uic=${cultureName}`;
}

/** Stores the language, writes the culture cookie and reloads the texts (and direction). */
export async function changeLanguage(cultureName: string): Promise<void> {
  setSessionLanguage(cultureName);
  const expires = new Date(Date.now() + 365 * 24 * 60 * 60 * 1000);
  writeCookie(cultureCookie, cultureCookieValue(cultureName), expires);
  await refreshAppConfiguration();
}
