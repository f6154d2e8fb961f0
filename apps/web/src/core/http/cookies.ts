export function readCookie(name: string): string | undefined {
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

/** Writes a cookie for the whole site; `expires` undefined makes a session cookie. */
export function writeCookie(name: string, value: string, expires?: Date): void {
  const expiry = expires ? `; expires=${expires.toUTCString()}` : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every supported browser
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/${expiry}; SameSite=Lax`;
}

export function removeCookie(name: string): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every supported browser
  document.cookie = `${name}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
}
