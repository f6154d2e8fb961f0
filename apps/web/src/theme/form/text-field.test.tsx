import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { TextField } from './text-field';
import { zodFormResolver } from './zod-form-resolver';

const schema = z.object({ userName: z.string().min(1).max(5), email: z.email() });
type Values = z.infer<typeof schema>;

function Form({ onValid }: { onValid: (values: Values) => void }) {
  const { control, handleSubmit } = useForm<Values>({
    resolver: zodFormResolver(schema),
    defaultValues: { userName: '', email: '' },
    mode: 'onChange',
  });
  return (
    <form onSubmit={handleSubmit(onValid)}>
      <TextField control={control} name="userName" label="User name" />
      <TextField control={control} name="email" label="E-mail" />
      <button type="submit">Save</button>
    </form>
  );
}

/** A disabled user-name field; the form's own `disabled` option when given. */
function Disabled({ formDisabled }: { formDisabled?: boolean }) {
  const { control } = useForm<Values>({
    defaultValues: { userName: 'admin', email: 'a@b.c' },
    ...(formDisabled === undefined ? {} : { disabled: formDisabled }),
  });
  return (
    <form>
      <TextField control={control} name="userName" label="User name" disabled />
      <TextField control={control} name="email" label="E-mail" />
    </form>
  );
}

describe('form fields', () => {
  it('show no error before the field is dirty, then the message and is-invalid', async () => {
    render(<Form onValid={vi.fn()} />);
    const userName = screen.getByRole('textbox', { name: 'User name' });
    expect(userName).not.toHaveClass('is-invalid');
    expect(screen.queryByText('Max. 5 characters are allowed. (has 6)')).not.toBeInTheDocument();
    fireEvent.input(userName, { target: { value: 'abcdef' } });
    await waitFor(() => expect(userName).toHaveClass('is-invalid'));
    expect(userName).toHaveAccessibleDescription('Max. 5 characters are allowed. (has 6)');
    expect(screen.getByRole('textbox', { name: 'E-mail' })).not.toHaveClass('is-invalid');
  });

  it('mark every field on a submit attempt and block the submit', async () => {
    const onValid = vi.fn();
    render(<Form onValid={onValid} />);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'User name' })).toHaveAccessibleDescription(
        'This field is required.',
      ),
    );
    expect(screen.getByRole('textbox', { name: 'E-mail' })).toHaveAccessibleDescription(
      'This field is required.',
    );
    expect(onValid).not.toHaveBeenCalled();
  });

  it('keep a field disabled when the caller says so, and follow a disabled form', () => {
    const { unmount } = render(<Disabled />);
    expect(screen.getByRole('textbox', { name: 'User name' })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'User name' })).toHaveValue('admin');
    expect(screen.getByRole('textbox', { name: 'E-mail' })).toBeEnabled();
    unmount();
    const enabledForm = render(<Disabled formDisabled={false} />);
    expect(screen.getByRole('textbox', { name: 'User name' })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'E-mail' })).toBeEnabled();
    enabledForm.unmount();
    render(<Disabled formDisabled />);
    expect(screen.getByRole('textbox', { name: 'User name' })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'E-mail' })).toBeDisabled();
  });
});
