import { afterEach, describe, expect, it, vi } from 'vitest';
import { testConfiguration } from '#src/test/app-configuration';
import { onAppConfigurationRefreshed } from '../app-configuration/get-application-configuration';
import { readCookie } from '../http/cookies';
import { sessionStore } from '../session/session-store';
import { applyDirection } from './direction';
import { localize } from './i18n';
import { changeLanguage, cultureCookieValue } from './language';

afterEach(() => vi.unstubAllGlobals());

describe('language switch', () => {
  it("writes ASP.NET Core's culture cookie, stores the language and reloads texts and direction", async () => {
    const fetch = vi.fn(async () =>
      Response.json(
        testConfiguration({
          culture: 'ar',
          rtl: true,
          values: { Vineta: { 'Menu:Home': 'الرئيسية' } },
        }),
      ),
    );
    vi.stubGlobal('fetch', fetch);
    const stop = onAppConfigurationRefreshed(({ localization: { currentCulture } }) =>
      applyDirection(currentCulture.isRightToLeft ? 'rtl' : 'ltr', currentCulture.cultureName),
    );
    await changeLanguage('ar');
    stop();
    expect(cultureCookieValue('ar')).toBe('c=ar|uic=ar');
    expect(readCookie('.AspNetCore.Culture')).toBe('c=ar|uic=ar');
    expect(sessionStore.get().language).toBe('ar');
    expect(
      new Headers((fetch.mock.calls[0] as unknown as [string, RequestInit])[1].headers).get(
        'Accept-Language',
      ),
    ).toBe('ar');
    expect(localStorage.getItem('abpSession')).toContain('"language":"ar"');
    expect(document.documentElement.dir).toBe('rtl');
    expect(localize('::Menu:Home')).toBe('الرئيسية');
  });
});
