// The account form: strings in, document values out, a message per field.
import { z } from 'zod';
import type { Account } from '../../db/collections/accounts';
import { emailField, phoneField, textField } from '../../lib/contact-fields';

const WEBSITE = /^(https?:\/\/)?[a-z0-9-]+(\.[a-z0-9-]+)+(:\d+)?(\/\S*)?$/i;

export type AccountFormValues = Pick<Account, 'name' | 'industry' | 'website' | 'phone' | 'email' | 'billing_address' | 'tags' | 'notes'> & { owner_id: string };
export type AccountValues = Omit<AccountFormValues, 'owner_id'> & { owner_id: string | null };

export const EMPTY_ACCOUNT_FORM: AccountFormValues = { name: '', industry: '', website: '', phone: '', email: '', billing_address: '', tags: '', notes: '', owner_id: '' };

export const accountFormSchema = z.object({
  name: z.string().trim().min(1, 'Enter the company name').max(200, 'Name must be 200 characters or fewer'),
  industry: textField('Industry', 100),
  website: z
    .string()
    .trim()
    .max(300, 'Website must be 300 characters or fewer')
    .refine((v) => v === '' || WEBSITE.test(v), 'Enter a web address, like harborcafe.com'),
  phone: phoneField,
  email: emailField,
  billing_address: textField('Billing address', 500),
  tags: textField('Tags', 300).transform((v) => v.split(',').map((t) => t.trim()).filter(Boolean).join(', ')),
  notes: textField('Notes', 5000),
  owner_id: z.string().transform((v) => (v === '' ? null : v)),
});

export function formValuesOf(account: Account | null): AccountFormValues {
  if (!account) return EMPTY_ACCOUNT_FORM;
  const { name, industry, website, phone, email, billing_address, tags, notes } = account;
  return { name, industry, website, phone, email, billing_address, tags, notes, owner_id: account.owner_id ?? '' };
}
