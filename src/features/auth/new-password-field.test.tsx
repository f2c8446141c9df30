// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { afterEach, expect, it } from 'vitest';
import { NewPasswordField } from './new-password-field';

afterEach(() => cleanup());

function Form({ error }: { error?: string }) {
  const { register, control } = useForm<{ password: string }>({ defaultValues: { password: '' } });
  return <NewPasswordField label="Password" control={control} field={register('password')} error={error} />;
}

it('says which rule a password breaks as it is typed, before any submit', () => {
  render(<Form />);
  const input = screen.getByLabelText('Password');
  expect(input.getAttribute('aria-invalid')).toBeNull();
  fireEvent.change(input, { target: { value: 'short' } });
  expect(screen.getByRole('alert').textContent).toMatch(/^Password must be at least 8 characters long, /);
  expect(input.getAttribute('aria-invalid')).toBe('true');
  fireEvent.change(input, { target: { value: 'Long-enough-1' } });
  expect(screen.queryByRole('alert')).toBeNull();
});

it("shows the form's own message once the rules are met", () => {
  render(<Form error="Choose a password different from your current one" />);
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Long-enough-1' } });
  expect(screen.getByText('Choose a password different from your current one')).toBeTruthy();
});
