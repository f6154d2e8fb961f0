import { fireEvent, render, screen } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { PasswordField } from './password-field';
import { TextField } from './text-field';

function Form() {
  const { control, formState } = useForm({ defaultValues: { password: '', newPassword: '' } });
  return (
    <form>
      <TextField control={control} name="password" type="password" label="Password" />
      <PasswordField control={control} name="newPassword" label="New password" />
      <p>{formState.touchedFields.password ? 'touched' : 'untouched'}</p>
    </form>
  );
}

function PlainField() {
  const { control } = useForm({ defaultValues: { name: '' } });
  return <TextField control={control} name="name" label="Name" />;
}

const warnings = () =>
  screen
    .getAllByRole('status')
    .map((status) => status.textContent)
    .filter(Boolean);

describe('the Caps Lock warning of a password field', () => {
  it('shows while the keys report Caps Lock, is read with the field, and goes when it is left', () => {
    render(<Form />);
    const password = screen.getByLabelText('Password');
    expect(warnings()).toEqual([]);
    fireEvent.keyUp(password, { key: 'A', modifierCapsLock: true });
    expect(warnings()).toEqual(['Caps Lock is on.']);
    expect(password).toHaveAccessibleDescription('Caps Lock is on.');
    fireEvent.keyDown(password, { key: 'CapsLock', modifierCapsLock: false });
    expect(warnings()).toEqual([]);
    fireEvent.keyUp(password, { key: 'A', modifierCapsLock: true });
    fireEvent.blur(password);
    expect(warnings()).toEqual([]);
    // The form still learns the field was touched.
    expect(screen.getByText('touched')).toBeInTheDocument();
  });

  it('warns in the new-password field too, also while the password is shown', () => {
    render(<Form />);
    fireEvent.click(screen.getByRole('button', { name: /ShowPassword/ }));
    fireEvent.keyDown(screen.getByLabelText('New password'), { key: 'a', modifierCapsLock: true });
    expect(warnings()).toEqual(['Caps Lock is on.']);
  });

  it('is not there for other fields', () => {
    render(<PlainField />);
    fireEvent.keyUp(screen.getByLabelText('Name'), { key: 'A', modifierCapsLock: true });
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
