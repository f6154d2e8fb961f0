import {
  type APIRequestContext,
  type APIResponse,
  expect,
  type Page,
  request as playwrightRequest,
} from '@playwright/test';
import { type Culture, text } from './account';
import { admin, artifacts, baseUrl, requestToken } from './app';

/** Helpers of the administration specs: an API client for set-up, and the list screens' gestures. */

/** An API client with the host administrator's bearer token from the real token endpoint. */
export async function adminApi(): Promise<APIRequestContext> {
  const anonymous = await playwrightRequest.newContext({ baseURL: baseUrl });
  const { access_token } = await requestToken(anonymous, admin);
  await anonymous.dispose();
  return playwrightRequest.newContext({
    baseURL: baseUrl,
    extraHTTPHeaders: { Authorization: `Bearer ${access_token}` },
  });
}

/** The answer's JSON body (undefined when empty); throws with the server's answer otherwise. */
export async function ok<T>(response: Promise<APIResponse>): Promise<T> {
  const answer = await response;
  if (!answer.ok()) throw new Error(`${answer.url()}: ${answer.status()} ${await answer.text()}`);
  const body = await answer.text();
  return (body ? JSON.parse(body) : undefined) as T;
}

export const dialog = (page: Page) => page.getByRole('dialog');
export const toastSuccess = (page: Page) => page.locator('.app-toast-success').first();
export const toastError = (page: Page) => page.locator('.app-toast-error').first();

/**
 * Answers the open question (a confirmation or the unsaved-changes prompt) with the button of
 * `answer` (a localization key, `AbpUi::Yes` by default), after checking that it asks `message`
 * when one is given.
 */
export async function answerQuestion(
  page: Page,
  culture: Culture,
  { answer = 'AbpUi::Yes', message }: { answer?: string; message?: string } = {},
) {
  const question = page.getByRole('alertdialog');
  if (message === undefined) await expect(question).toBeVisible();
  else await expect(question).toContainText(message);
  await question.getByRole('button', { name: text(culture, answer) }).click();
}

/**
 * Clicks a row's action, through its Actions menu when the row has more than one. The list has
 * answered first: rows that change under an open menu can close it (a list that gets shorter
 * scrolls the page), and a slow host widens that window.
 */
export async function openRowAction(page: Page, rowText: string, culture: Culture, action: string) {
  await listSettled(page);
  const row = page.getByRole('row').filter({ hasText: rowText });
  await expect(row).toHaveCount(1);
  const actions = row.getByRole('button', { name: new RegExp(text(culture, 'AbpUi::Actions')) });
  if (await actions.count()) await actions.click();
  const item = row.getByRole('button', { name: action, exact: true });
  // Seen as a person sees it: the action is the topmost thing at its centre, not clipped by the
  // table's scroll box (row menus of short lists were) nor under anything else. A failure names
  // what is there instead.
  await expect
    .poll(() =>
      item.evaluate(
        (element) => {
          const box = element.getBoundingClientRect();
          const x = box.x + box.width / 2;
          const y = box.y + box.height / 2;
          const top = document.elementFromPoint(x, y);
          if (top !== null && element.contains(top)) return 'on top';
          const where = `at ${Math.round(x)},${Math.round(y)} of ${innerWidth}×${innerHeight}`;
          return `${where}: ${top ? top.outerHTML.slice(0, 160) : 'nothing'}`;
        },
        undefined,
        // Each look is short, so that a menu that closed fails the poll rather than the test.
        { timeout: 2_000 },
      ),
    )
    .toBe('on top');
  await item.click();
}

/**
 * Types into a list's search box and waits, as a person does, for the rows to answer it: the
 * search is in the address once the list's 300 ms pause is over, then the table is no longer busy.
 */
export async function search(page: Page, value: string) {
  await page.getByRole('main').getByRole('searchbox').fill(value);
  await expect.poll(() => new URL(page.url()).searchParams.get('filter') ?? '').toBe(value);
  await listSettled(page);
}

/** The list's table has its answer: no request of its rows is under way (`aria-busy`). */
export async function listSettled(page: Page) {
  await expect(page.getByRole('main').locator('table[aria-busy="true"]')).toHaveCount(0);
}

/** SPEC.md section 9: the shell's sidebar is open from 1025 px up and closes itself below. */
const sidebarOpenFrom = 1025;

/**
 * Resizes the page to `width` px (800 high) and, in the shell, waits until its sidebar has opened
 * or closed as that width asks: the shell does so after a resize debounce (SPEC.md section 9).
 */
export async function resizeTo(page: Page, width: number) {
  await page.setViewportSize({ width, height: 800 });
  const menu = page.locator('[aria-controls="app-sidebar"]');
  if ((await menu.count()) > 0)
    await expect(menu).toHaveAttribute('aria-expanded', String(width >= sidebarOpenFrom));
}

/**
 * Screenshots at 1280 px and 375 px, named `<name>-<width>.png`: the whole page, or with
 * `fullPage: false` the viewport (a full-page capture shifts the overlay of a modal on a scrolled
 * page), each after `resizeTo`, and back to 1280 px after them.
 */
export async function shoot(page: Page, name: string, { fullPage = true } = {}) {
  for (const width of [1280, 375]) {
    await resizeTo(page, width);
    await page.screenshot({
      path: `${artifacts}/${name}-${width}.png`,
      fullPage,
      animations: 'disabled',
    });
  }
  await resizeTo(page, 1280);
}
