/** A text to localize: a `Resource::Key` (or plain text) with an optional fallback and parameters. */
/** Positional (`{0}`) or named (`{max}`) parameters. */
export type TextParams = readonly string[] | Readonly<Record<string, string>>;

export interface LocalizableText {
  key: string;
  defaultValue?: string;
  params?: TextParams;
}

export type TextSource = string | LocalizableText;

export function text(key: string, defaultValue?: string, params?: TextParams): LocalizableText {
  return {
    key,
    ...(defaultValue !== undefined ? { defaultValue } : {}),
    ...(params ? { params } : {}),
  };
}
