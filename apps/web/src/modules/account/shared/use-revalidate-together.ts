import { useEffect } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';

/**
 * A change to one of two linked fields (password and confirmation) validates the other as well,
 * so the mismatch error appears and disappears on both at once.
 */
export function useRevalidateTogether<T extends FieldValues>(
  form: UseFormReturn<T>,
  first: Path<T>,
  second: Path<T>,
): void {
  const { watch, trigger, getValues } = form;
  useEffect(() => {
    const subscription = watch((_values, { name }) => {
      const other = name === first ? second : name === second ? first : undefined;
      if (other && getValues(other)) void trigger(other);
    });
    return () => subscription.unsubscribe();
  }, [watch, trigger, getValues, first, second]);
}
