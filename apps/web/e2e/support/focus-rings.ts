import type { Page } from '@playwright/test';
import { artifacts } from './app';
import { changedPixels, openLab } from './pixels';

/**
 * Presses Tab through the page (a dialog's trap, or the page once round) and returns the controls
 * whose focus indicator is too faint, each with the area it has and the area it needs: WCAG 1.4.11
 * and 2.4.13 read as a person sees them, the pixels around a control with focus and without,
 * which must differ by 3:1 over at least the area of a 2 px thick perimeter of the control. A
 * faint one is photographed, with focus, as `<label>-<n>.png` among the artifacts.
 */
export async function faintFocusIndicators(page: Page, label: string): Promise<string[]> {
  const lab = await openLab(page);
  const faint: string[] = [];
  const seen = new Set<string>();
  try {
    for (let step = 0; step < 80; step++) {
      await page.keyboard.press('Tab');
      const focused = await page.evaluate(() => {
        const element = document.activeElement as HTMLElement | null;
        if (!element || element === document.body) return undefined;
        const { x, y, width, height } = element.getBoundingClientRect();
        const name =
          element.getAttribute('aria-label') ||
          element.textContent?.trim().slice(0, 40) ||
          element.getAttribute('placeholder') ||
          element.id ||
          element.tagName;
        const radius = Math.min(
          Number.parseFloat(getComputedStyle(element).borderTopLeftRadius) || 0,
          width / 2,
          height / 2,
        );
        return {
          key: `${element.tagName}|${name}|${Math.round(y)}`,
          name,
          x,
          y,
          width,
          height,
          radius,
        };
      });
      if (!focused) continue;
      if (seen.has(focused.key)) break;
      seen.add(focused.key);
      const margin = 8;
      const viewport = page.viewportSize() ?? { width: 1280, height: 720 };
      const left = Math.max(0, Math.floor(focused.x) - margin);
      const top = Math.max(0, Math.floor(focused.y) - margin);
      const clip = {
        x: left,
        y: top,
        width: Math.min(viewport.width, Math.ceil(focused.x + focused.width) + margin) - left,
        height: Math.min(viewport.height, Math.ceil(focused.y + focused.height) + margin) - top,
      };
      const shot = () => page.screenshot({ clip, animations: 'disabled', caret: 'hide' });
      const withFocus = await shot();
      const control = await page.evaluateHandle(() => document.activeElement as HTMLElement);
      await control.evaluate((element) => element.blur());
      const without = await shot();
      // Back where Tab left it, still from the keyboard (:focus-visible).
      await control.evaluate((element) => element.focus());
      await control.dispose();
      const changed = await changedPixels(lab, without, withFocus);
      // A 2 px thick perimeter of the control's rounded rectangle.
      const { width, height, radius } = focused;
      const needed = 2 * (2 * (width + height) - (8 - 2 * Math.PI) * radius);
      if (changed < needed) {
        faint.push(`${focused.name}: ${changed} of ${Math.round(needed)} px`);
        await page.screenshot({ path: `${artifacts}/${label}-${seen.size}.png`, clip });
      }
    }
  } finally {
    await lab.close();
  }
  if (seen.size < 4) faint.push(`only ${seen.size} controls reached`);
  return faint;
}
