// The prospect form, a CSV row, the reason of a won or lost move and of a dismissed request:
// strings in, document values out, a message per field (the typed input is kept by the form).
import { z } from 'zod';
import { PROSPECT_SOURCES, PROSPECT_STATUSES, type Prospect } from '../../db/collections/prospects';
import { emailField, phoneField, textField } from '../../lib/contact-fields';

export const NAME_REQUIRED = 'Enter a first or last name';
const REASON_REQUIRED = 'Say why, in a few words';

export const prospectFields = {
  first_name: textField('First name', 100),
  last_name: textField('Last name', 100),
  email: emailField,
  phone: phoneField,
  company: textField('Company', 200),
  notes: textField('Notes', 5000),
};

export type ProspectFormValues = {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  company: string;
  account_id: string;
  owner_id: string;
  status: Prospect['status'];
  status_reason: string;
  source: Prospect['source'];
  notes: string;
};

const EMPTY_PROSPECT_FORM: ProspectFormValues = {
  first_name: '',
  last_name: '',
  email: '',
  phone: '',
  company: '',
  account_id: '',
  owner_id: '',
  status: 'new',
  status_reason: '',
  source: 'manual',
  notes: '',
};

export type ProspectValues = Pick<Prospect, 'first_name' | 'last_name' | 'email' | 'phone' | 'company' | 'account_id' | 'owner_id' | 'status' | 'status_reason' | 'source' | 'notes'>;

const optionalId = z.string().transform((v) => (v === '' ? null : v));

export const prospectFormSchema = z
  .object({
    ...prospectFields,
    account_id: optionalId,
    owner_id: optionalId,
    status: z.enum(PROSPECT_STATUSES, 'Choose a stage from the list'),
    status_reason: textField('Reason', 500),
    source: z.enum(PROSPECT_SOURCES),
  })
  .superRefine((v, ctx) => {
    if (v.first_name === '' && v.last_name === '') ctx.addIssue({ code: 'custom', path: ['first_name'], message: NAME_REQUIRED });
    if ((v.status === 'won' || v.status === 'lost') && v.status_reason === '') ctx.addIssue({ code: 'custom', path: ['status_reason'], message: REASON_REQUIRED });
  })
  .transform((v): ProspectValues => ({ ...v, status_reason: v.status === 'won' || v.status === 'lost' ? v.status_reason : '' }));

export const reasonSchema = z.object({ reason: textField('Reason', 500).min(1, REASON_REQUIRED) });
export type ReasonValues = z.infer<typeof reasonSchema>;

export function formValuesOf(prospect: Prospect | null): ProspectFormValues {
  if (!prospect) return EMPTY_PROSPECT_FORM;
  return {
    first_name: prospect.first_name,
    last_name: prospect.last_name,
    email: prospect.email,
    phone: prospect.phone,
    company: prospect.company,
    account_id: prospect.account_id ?? '',
    owner_id: prospect.owner_id ?? '',
    status: prospect.status,
    status_reason: prospect.status_reason,
    source: prospect.source,
    notes: prospect.notes,
  };
}
