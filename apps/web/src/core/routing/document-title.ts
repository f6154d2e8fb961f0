import { useEffect, useState } from 'react';
import { getEnvironment } from '../environment';

/**
 * What names the browser tab (WCAG 2.4.2): "<page> – <application>". Whatever shows last on top
 * of the rest wins (an error page over the route's page) and gives the name back when it goes.
 */
const shown: { page: string }[] = [];

function apply(): void {
  const application = getEnvironment().application.name;
  const page = shown.at(-1)?.page;
  document.title = page ? `${page} – ${application}` : application;
}

/** Names the tab after `page` (already localized) while the calling component is shown. */
export function useDocumentTitle(page: string): void {
  const [entry] = useState(() => ({ page }));
  useEffect(() => {
    shown.push(entry);
    apply();
    return () => {
      shown.splice(shown.indexOf(entry), 1);
      apply();
    };
  }, [entry]);
  useEffect(() => {
    entry.page = page;
    apply();
  }, [entry, page]);
}
