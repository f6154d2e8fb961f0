import { rendersRightToLeft } from '../localization/culture-info.js';
import type { Localizer } from '../localization/localizer.js';
import { escapeHtml } from './escape-html.js';

const htmlTag = /<html\b[^>]*>/;
/** The web app's start-up indicator (apps/web/index.html), shown until its first render. */
const bootLabel = /(<[^>]+class="app-boot-label"[^>]*>)[^<]*(<\/)/;

/**
 * `index.html` as each culture's page: `lang` and `dir` on <html>, so the first paint (the
 * start-up indicator) is already in the reader's direction, and that indicator's text in their
 * language, while the app's scripts and configuration load. One page a culture, made on first use.
 */
export function bootPages(indexHtml: string, localizer: Localizer): (culture: string) => string {
  const pages = new Map<string, string>();
  return (culture) => {
    let page = pages.get(culture);
    if (page === undefined) {
      const dir = rendersRightToLeft(culture) ? 'rtl' : 'ltr';
      const loading = localizer.text('AbpUi', 'LoadingWithThreeDot', culture);
      page = indexHtml
        .replace(htmlTag, `<html lang="${escapeHtml(culture)}" dir="${dir}">`)
        .replace(
          bootLabel,
          (_, open: string, close: string) => `${open}${escapeHtml(loading)}${close}`,
        );
      pages.set(culture, page);
    }
    return page;
  };
}
