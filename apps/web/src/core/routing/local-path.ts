/**
 * `url` as a path on this origin, or undefined when it leads elsewhere: a path that starts with
 * `//` or `/\` (another host to a browser), or an absolute URL of another origin. Tabs and line
 * breaks are dropped first, as browsers drop them from URLs (`/\t/evil.example` is `//evil…`).
 */
export function toLocalPath(url: string, origin: string): string | undefined {
  const cleaned = url.replace(/[\t\n\r]/g, '');
  if (cleaned.startsWith('/') && !cleaned.startsWith('//') && !cleaned.startsWith('/\\')) {
    return cleaned;
  }
  try {
    const parsed = new URL(cleaned);
    return parsed.origin === origin
      ? `${parsed.pathname}${parsed.search}${parsed.hash}`
      : undefined;
  } catch {
    return undefined;
  }
}
