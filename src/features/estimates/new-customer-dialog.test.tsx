// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkNewCustomer } from './new-customer-schema';

vi.mock('../../db/react', () => ({ useWorkspace: () => ({ db: {}, orgId: 'org', userId: 'user' }) }));
const created = vi.hoisted(() => [] as unknown[]);
vi.mock('./commands', () => ({ createCustomer: vi.fn(async (_db: unknown, _org: string, _user: string, customer: unknown) => (created.push(customer), { id: 'new-id' })) }));
const { NewCustomerDialog } = await import('./new-customer-dialog');

afterEach(() => {
  cleanup();
  created.length = 0;
});

describe('checkNewCustomer', () => {
  it('puts each message under its own field', () => {
    expect(checkNewCustomer({ kind: 'account', name: ' ', firstName: '', lastName: '', email: '' })).toEqual({ ok: false, errors: { name: 'Enter the company name' } });
    expect(checkNewCustomer({ kind: 'prospect', name: '', firstName: '', lastName: '', email: 'nope' })).toEqual({
      ok: false,
      errors: { firstName: 'Enter a first or last name', email: 'Enter a valid e-mail address, like name@example.com' },
    });
    expect(checkNewCustomer({ kind: 'prospect', name: '', firstName: '', lastName: 'Lee', email: ' ' })).toEqual({ ok: true, value: { kind: 'prospect', firstName: '', lastName: 'Lee', email: '' } });
  });
});

describe('NewCustomerDialog', () => {
  it('clears a message when its own field is corrected, and only that one', async () => {
    render(<NewCustomerDialog open onClose={() => undefined} onCreated={() => undefined} />);
    fireEvent.change(screen.getByLabelText('Kind'), { target: { value: 'prospect' } });
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'nope' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create customer' }));
    expect(await screen.findByText('Enter a first or last name')).toBeTruthy();
    expect(screen.getByText('Enter a valid e-mail address, like name@example.com')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('First name'), { target: { value: 'Ada' } });
    expect(screen.queryByText('Enter a first or last name')).toBeNull();
    expect(screen.getByText('Enter a valid e-mail address, like name@example.com')).toBeTruthy();
    expect((screen.getByLabelText('E-mail') as HTMLInputElement).value).toBe('nope');

    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'ada@example.com' } });
    expect(screen.queryByText(/valid e-mail/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Create customer' }));
    await vi.waitFor(() => expect(created).toEqual([{ kind: 'prospect', firstName: 'Ada', lastName: '', email: 'ada@example.com' }]));
  });
});
