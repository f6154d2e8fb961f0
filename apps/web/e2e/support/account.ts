import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The cultures the account specs run in. */
export type Culture = 'es-MX' | 'en' | 'ar';

const resources = new URL('../../../server/src/localization/resources/', import.meta.url);
const cache = new Map<string, Record<string, string>>();

/** The server's own text for `Resource::Key` in a culture, with `{0}` or `{name}` filled. */
export function text(
  culture: Culture,
  key: string,
  params: readonly (string | number)[] | Record<string, string | number> = [],
): string {
  const [resource = '', name = ''] = key.split('::');
  const file = `${resource}/${culture}`;
  let texts = cache.get(file);
  if (!texts) {
    const parsed = JSON.parse(readFileSync(new URL(`${file}.json`, resources), 'utf8')) as {
      texts: Record<string, string>;
    };
    texts = parsed.texts;
    cache.set(file, texts);
  }
  const template = texts[name];
  if (template === undefined) throw new Error(`No text ${key} in ${culture}`);
  return template.replace(/\{\s*(\w+)\s*\}/g, (match, param: string) => {
    const value = Array.isArray(params)
      ? params[Number(param)]
      : (params as Record<string, string | number>)[param];
    if (value === undefined) return match;
    // The app isolates values in a right-to-left language (core/localization/localize.ts).
    return culture === 'ar' ? `\u2068${value}\u2069` : String(value);
  });
}

/** 'Password should include …' with the missing kinds listed as the browser lists them. */
export function passwordRulesText(
  culture: Culture,
  missing: ('small' | 'capital' | 'number' | 'special')[],
): string {
  const names = { small: 'Small', capital: 'Capital', number: 'Number', special: 'Special' };
  const kinds = missing.map((kind) =>
    text(culture, `AbpValidation::Validation:Password${names[kind]}`),
  );
  const description = new Intl.ListFormat(culture, { type: 'conjunction' }).format(kinds);
  return text(culture, 'AbpValidation::Validation:PasswordRules', { description });
}

export const required = (culture: Culture) => text(culture, 'AbpValidation::ThisFieldIsRequired.');
export const maxLength = (culture: Culture, requiredLength: number, actualLength: number) =>
  text(culture, 'AbpValidation::Validation:MaxLength', { requiredLength, actualLength });
export const minLength = (culture: Culture, requiredLength: number, actualLength: number) =>
  text(culture, 'AbpValidation::Validation:MinLength', { requiredLength, actualLength });

/** A user name no other test uses. */
export function uniqueName(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
}

/** The visible error toast (role alert) holding `message`. */
export const errorToast = (page: Page) => page.locator('.app-toast-error');

/**
 * Fails with the list of axe-core violations, if any. Waits for running CSS transitions first:
 * a tab just clicked fades its colour for 150 ms, and axe measured the contrast of a colour
 * halfway there (a red CI run on the My account tabs).
 */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        // A spinner's endless animation never finishes.
        .filter((running) => running.effect?.getComputedTiming().endTime !== Infinity)
        // A transition cut short (its element re-rendered or removed) rejects `finished` with an
        // AbortError: it is over all the same (a red CI run under load on the roles screen).
        .map((running) => running.finished.catch(() => undefined)),
    ),
  );
  // Legacy mode runs axe in the page itself: the default also opens a blank page to merge the
  // results of every frame, which our screens (no frames) do not need, and which cost twice the
  // check itself. Only violations are read, so axe need not describe the rest.
  const result = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] })
    .analyze();
  expect(
    result.violations.map(
      (violation) =>
        `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    ),
  ).toEqual([]);
}

/**
 * Through the sign-in page as a person does: the tenant chosen in its box, then its `admin`'s
 * user name and password. Leaves the page once signed in.
 */
export async function signInToTenant(
  page: Page,
  culture: Culture,
  tenant: string,
  password: string,
) {
  await page.goto('/account/login');
  const box = page.locator('.app-tenant-box');
  await box.getByRole('button').click();
  const switchModal = page.getByRole('dialog');
  await switchModal.getByRole('textbox').fill(tenant);
  await switchModal.getByRole('button', { name: text(culture, 'AbpUi::Save') }).click();
  await expect(box).toContainText(tenant);
  await page.getByLabel(text(culture, 'AbpAccount::UserNameOrEmailAddress')).fill('admin');
  await page.getByLabel(text(culture, 'AbpAccount::Password'), { exact: true }).fill(password);
  await page.getByRole('button', { name: text(culture, 'AbpAccount::Login') }).click();
  await expect(page).not.toHaveURL(/\/account\/login/);
}
