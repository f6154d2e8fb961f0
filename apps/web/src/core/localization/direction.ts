import { isRightToLeftCulture } from '@vineta/contracts/localization/cultures';

export type Direction = 'ltr' | 'rtl';

/** A guess before the configuration arrives (from the stored language). */
export function guessDirection(language: string | undefined): Direction {
  return language && isRightToLeftCulture(language) ? 'rtl' : 'ltr';
}

interface Stylesheets {
  ltr: string;
  rtl: string;
}

let stylesheets: Stylesheets | undefined;
const linkId = 'app-stylesheet';

/** The built LTR and RTL theme stylesheets (URLs from the bundler); none: direction only. */
export function configureStylesheets(urls: Stylesheets | undefined): void {
  stylesheets = urls;
}

/**
 * Sets `dir` and `lang` on <html> and points the theme <link> at Bootstrap's matching stylesheet;
 * resolves when the stylesheet has loaded so the first paint is styled.
 */
export function applyDirection(direction: Direction, language?: string): Promise<void> {
  const root = document.documentElement;
  root.dir = direction;
  if (language) root.lang = language;
  if (!stylesheets) return Promise.resolve();
  const href = stylesheets[direction];
  let link = document.getElementById(linkId) as HTMLLinkElement | null;
  if (link?.getAttribute('href') === href) {
    return link.dataset.loaded === 'true' ? Promise.resolve() : waitFor(link);
  }
  const next = document.createElement('link');
  next.rel = 'stylesheet';
  next.href = href;
  const loaded = waitFor(next).then(() => {
    link?.remove();
    next.id = linkId;
  });
  if (!link) {
    next.id = linkId;
    link = null;
  }
  document.head.append(next);
  return loaded;
}

function waitFor(link: HTMLLinkElement): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      link.dataset.loaded = 'true';
      resolve();
    };
    link.addEventListener('load', done, { once: true });
    link.addEventListener('error', done, { once: true });
  });
}
