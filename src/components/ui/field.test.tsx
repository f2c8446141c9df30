// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { Field, Input, Textarea } from './field';
import { Select } from './select';

afterEach(cleanup);

function describedBy(control: HTMLElement): string {
  return (control.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent)
    .join(' | ');
}

it('names the control by its label and describes it by its hint and error, marked invalid', () => {
  render(
    <Field label="Email" hint="Your work address" error="Enter a valid email address">
      <Input />
    </Field>,
  );
  const input = screen.getByRole('textbox', { name: 'Email' });
  expect(describedBy(input)).toBe('Your work address | Enter a valid email address');
  expect(input.getAttribute('aria-invalid')).toBe('true');
  expect(screen.getByRole('alert').textContent).toBe('Enter a valid email address');
});

it('leaves a control without an error valid, and marks every kind of control invalid with one', () => {
  const { rerender } = render(
    <Field label="Notes">
      <Textarea />
    </Field>,
  );
  expect(screen.getByRole('textbox', { name: 'Notes' }).hasAttribute('aria-invalid')).toBe(false);
  expect(screen.queryByRole('alert')).toBeNull();

  rerender(
    <>
      <Field label="Notes" error="Too long">
        <Textarea invalid={false} />
      </Field>
      <Field label="Category" error="Pick a category">
        <Select options={[{ value: 'a', label: 'A' }]} placeholder="Choose" />
      </Field>
    </>,
  );
  expect(screen.getByRole('textbox', { name: 'Notes' }).getAttribute('aria-invalid')).toBe('true');
  const select = screen.getByRole('combobox', { name: 'Category' });
  expect(select.getAttribute('aria-invalid')).toBe('true');
  expect(describedBy(select)).toBe('Pick a category');
});

it('points the label at the control, keeps an id and description given by the caller, and ties a combobox', async () => {
  const { Combobox } = await import('./combobox');
  render(
    <>
      <Field label="Name" hint="As on the contract">
        <Input id="given" aria-describedby="extra" />
      </Field>
      <p id="extra">Extra words</p>
      <Field label="Customer" error="Pick a customer">
        <Combobox items={[{ value: 'a', label: 'Acme' }]} value={null} onChange={() => undefined} />
      </Field>
    </>,
  );
  const name = screen.getByRole('textbox', { name: 'Name' });
  expect(name.id).toBe('given');
  expect(describedBy(name)).toBe('Extra words | As on the contract');
  const customer = screen.getByRole('combobox', { name: 'Customer' });
  expect(customer.getAttribute('aria-invalid')).toBe('true');
  expect(describedBy(customer)).toBe('Pick a customer');
  // The browser focuses the control a label is for when the label is clicked.
  expect((screen.getByText('Customer') as HTMLLabelElement).htmlFor).toBe(customer.id);
});
