// The name an estimate shows for its customer: the account's name, or the prospect's person
// and company. The server keeps estimates.customer_name with the same rule
// (supabase/migrations/20261122001000_send_and_accept.sql); the device fills it in when a
// customer is picked, so the list and its search show the name before the first sync.
import type { Account } from './collections/accounts';
import type { Prospect } from './collections/prospects';
import type { AppDatabase } from './database';

export function customerDisplayName(customer: Account | Prospect | null | undefined): string {
  if (!customer) return '';
  if ('name' in customer) return customer.name;
  const person = `${customer.first_name} ${customer.last_name}`.trim();
  return person && customer.company ? `${person} (${customer.company})` : person || customer.company || customer.email;
}

/** The display name of an estimate's customer as this device knows it. */
export async function customerNameOf(db: AppDatabase, ids: { account_id?: string | null; prospect_id?: string | null }): Promise<string> {
  if (ids.account_id) return customerDisplayName((await db.accounts.findOne(ids.account_id).exec())?.toJSON() as Account | undefined);
  if (ids.prospect_id) return customerDisplayName((await db.prospects.findOne(ids.prospect_id).exec())?.toJSON() as Prospect | undefined);
  return '';
}
