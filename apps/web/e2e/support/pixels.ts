import type { Page } from '@playwright/test';

/**
 * How many pixels change between two pictures of the same place by a contrast ratio of at least
 * `ratio` (WCAG's relative luminance): WCAG 2.4.13's "change of contrast", e.g. a control without
 * and with focus. The pictures are read back in `lab`, a blank page: the app's content security
 * policy would refuse them.
 */
export async function changedPixels(
  lab: Page,
  before: Buffer,
  after: Buffer,
  ratio = 3,
): Promise<number> {
  return lab.evaluate(
    async ({ pictures, ratio }) => {
      const read = async (base64: string) => {
        const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
        const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
        const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
        const context = canvas.getContext('2d') as OffscreenCanvasRenderingContext2D;
        context.drawImage(bitmap, 0, 0);
        return context.getImageData(0, 0, bitmap.width, bitmap.height);
      };
      const [one, two] = await Promise.all(pictures.map(read));
      if (!one || !two) return 0;
      const linear = (value: number) => {
        const c = value / 255;
        return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      };
      const luminance = (data: Uint8ClampedArray, i: number) =>
        0.2126 * linear(data[i] as number) +
        0.7152 * linear(data[i + 1] as number) +
        0.0722 * linear(data[i + 2] as number);
      let count = 0;
      for (let y = 0; y < one.height; y++) {
        for (let x = 0; x < one.width; x++) {
          const i = (y * one.width + x) * 4;
          const a = luminance(one.data, i);
          const b = luminance(two.data, i);
          if ((Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05) >= ratio) count++;
        }
      }
      return count;
    },
    { pictures: [before.toString('base64'), after.toString('base64')], ratio },
  );
}

/** A blank page in a context of its own for `changedPixels`; close it when done. */
export function openLab(page: Page): Promise<Page> {
  const browser = page.context().browser();
  if (!browser) throw new Error('no browser');
  return browser.newPage();
}
