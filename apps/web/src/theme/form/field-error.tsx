import type { FieldError as HookFieldError } from 'react-hook-form';
import { type Localize, useLocalization } from '#src/core/localization/i18n';
import { decodeValidation, passwordKindTexts, validationMessages } from './validation-message';

/** Localizes an encoded validation message; the password rule lists the missing kinds. */
export function localizeValidation(message: string, localize: Localize, language?: string): string {
  const { text, lists } = decodeValidation(message);
  if (text.key === validationMessages.passwordRules.key) {
    const kinds = (lists.missing ?? []).filter(
      (kind): kind is keyof typeof passwordKindTexts => kind in passwordKindTexts,
    );
    const names = kinds.map((kind) => localize(passwordKindTexts[kind]));
    const description = new Intl.ListFormat(language, { type: 'conjunction' }).format(names);
    return localize({ ...text, params: { description } });
  }
  return localize(text);
}

/** Errors show once the field is dirty or touched, or after a submit attempt. */
export function shouldShowError(
  fieldState: { error?: HookFieldError | undefined; isDirty: boolean; isTouched: boolean },
  isSubmitted: boolean,
): boolean {
  return Boolean(fieldState.error) && (fieldState.isDirty || fieldState.isTouched || isSubmitted);
}

export interface FieldErrorProps {
  id: string;
  error: HookFieldError | undefined;
  visible: boolean;
}

/** The `invalid-feedback` text under a field. */
export function FieldError({ id, error, visible }: FieldErrorProps) {
  const localize = useLocalization();
  if (!visible || !error?.message) return null;
  return (
    <div id={id} className="invalid-feedback d-block">
      {localizeValidation(error.message, localize, document.documentElement.lang || undefined)}
    </div>
  );
}
