import { type FormEvent, useRef } from 'react';

/**
 * A form's submit handler that a second submit cannot run again while the first is running:
 * a mutation's `isPending` comes a render late, so a double click on Save (or Enter during
 * validation) started a second save (a second POST reported the new role's name taken, a second
 * PUT of My account a conflict with itself). `submit` is usually `handleSubmit(save)`, whose
 * promise lasts as long as the save.
 */
export function useSingleSubmit(
  submit: (event: FormEvent<HTMLFormElement>) => void | Promise<void>,
): (event: FormEvent<HTMLFormElement>) => void {
  const running = useRef(false);
  return (event) => {
    if (running.current) return event.preventDefault();
    running.current = true;
    void Promise.resolve(submit(event)).finally(() => {
      running.current = false;
    });
  };
}
