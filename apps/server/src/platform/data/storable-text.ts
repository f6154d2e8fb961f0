/**
 * A NUL, or half of a UTF-16 surrogate pair. PostgreSQL refuses a NUL in text outright (the query
 * fails), and a lone surrogate reaches either database as U+FFFD, so what is stored or compared is
 * not what was sent. No value in the database holds either, and none may be written.
 */
const unstorable = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether the text can be stored and looked up as it is (see {@link unstorable}). */
export function isStorableText(text: string): boolean {
  return !unstorable.test(text);
}

/** The text with each NUL and lone surrogate replaced by U+FFFD: for recording untrusted input. */
export function toStorableText(text: string): string {
  return isStorableText(text) ? text : text.replace(new RegExp(unstorable, 'g'), '\uFFFD');
}
