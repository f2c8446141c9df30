// A customer created from an estimate: a company account, or a person (prospect). Each
// message belongs to one field, so fixing that field clears it and no other.
import { z } from 'zod';

export type NewCustomerInput = { kind: 'account' | 'prospect'; name: string; firstName: string; lastName: string; email: string };
export type NewCustomerField = 'name' | 'firstName' | 'email';
export type NewCustomer = { kind: 'account'; name: string } | { kind: 'prospect'; firstName: string; lastName: string; email: string };

const schema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('account'), name: z.string().trim().min(1, 'Enter the company name').max(200, 'The company name is too long (at most 200 characters)') }),
  z
    .object({
      kind: z.literal('prospect'),
      firstName: z.string().trim().max(100, 'At most 100 characters'),
      lastName: z.string().trim().max(100, 'At most 100 characters'),
      email: z.union([z.literal(''), z.email('Enter a valid e-mail address, like name@example.com').max(254)]),
    })
    .refine((p) => p.firstName !== '' || p.lastName !== '', { path: ['firstName'], message: 'Enter a first or last name' }),
]);

export function checkNewCustomer(input: NewCustomerInput): { ok: true; value: NewCustomer } | { ok: false; errors: Partial<Record<NewCustomerField, string>> } {
  const result = schema.safeParse(input.kind === 'account' ? { kind: 'account', name: input.name } : { ...input, email: input.email.trim() });
  if (result.success) return { ok: true, value: result.data };
  const errors: Partial<Record<NewCustomerField, string>> = {};
  for (const issue of result.error.issues) {
    const field = (issue.path[0] === 'lastName' ? 'firstName' : issue.path[0]) as NewCustomerField;
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}
