import type { Locator } from '@playwright/test';

/** The first and last columns with ink; -1 for both when the field shows nothing. */
export interface Ink {
  first: number;
  last: number;
}

/**
 * The columns, in CSS pixels from the field's content box's left edge, between which its text is
 * drawn: what a person sees, which the DOM cannot tell of an input's value. The field's content
 * box is photographed without the caret and the picture read back in a blank page (the app's
 * content security policy would refuse an image from a data URL).
 */
export async function inkColumns(field: Locator): Promise<Ink> {
  const page = field.page();
  await field.evaluate((element) => (element as HTMLElement).blur());
  const inset = await field.evaluate((element) => {
    const style = getComputedStyle(element);
    const px = (value: string) => Number.parseFloat(value) || 0;
    return {
      left: px(style.borderLeftWidth) + px(style.paddingLeft),
      right: px(style.borderRightWidth) + px(style.paddingRight),
      top: px(style.borderTopWidth) + 2,
      bottom: px(style.borderBottomWidth) + 2,
    };
  });
  const box = await field.boundingBox();
  if (!box) throw new Error('the field is not on the page');
  const picture = await page.screenshot({
    caret: 'hide',
    clip: {
      x: box.x + inset.left,
      y: box.y + inset.top,
      width: box.width - inset.left - inset.right,
      height: box.height - inset.top - inset.bottom,
    },
  });
  const blank = await page.context().newPage();
  try {
    return await blank.evaluate(async (base64) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const context = canvas.getContext('2d') as OffscreenCanvasRenderingContext2D;
      context.drawImage(bitmap, 0, 0);
      const { data, width, height } = context.getImageData(0, 0, bitmap.width, bitmap.height);
      // Ink is what differs clearly from the top-left pixel, the field's background.
      const channel = (i: number) => data[i] as number;
      const differs = (i: number) =>
        Math.abs(channel(i) - channel(0)) +
          Math.abs(channel(i + 1) - channel(1)) +
          Math.abs(channel(i + 2) - channel(2)) >
        96;
      let first = -1;
      let last = -1;
      for (let x = 0; x < width; x++) {
        for (let y = 0; y < height; y++) {
          if (differs((y * width + x) * 4)) {
            if (first < 0) first = x;
            last = x;
            break;
          }
        }
      }
      return { first, last };
    }, picture.toString('base64'));
  } finally {
    await blank.close();
  }
}
