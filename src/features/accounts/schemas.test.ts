import { expect, it } from 'vitest';
import { accountFormSchema, EMPTY_ACCOUNT_FORM } from './schemas';

it('checks each field with its own message and tidies tags', () => {
  const bad = accountFormSchema.safeParse({ ...EMPTY_ACCOUNT_FORM, name: '  ', website: 'not a site', email: 'x@', phone: 'call us' });
  expect(Object.fromEntries(bad.error!.issues.map((i) => [i.path[0], i.message]))).toEqual({
    name: 'Enter the company name',
    website: 'Enter a web address, like harborcafe.com',
    email: 'Enter a valid e-mail address, like name@example.com',
    phone: 'Enter a phone number of at least 7 digits, like (720) 555-0199',
  });
  const good = accountFormSchema.parse({ ...EMPTY_ACCOUNT_FORM, name: ' Harbor Cafe ', website: 'https://harborcafe.com/menu', tags: ' repeat,, commercial ', owner_id: '' });
  expect(good).toMatchObject({ name: 'Harbor Cafe', website: 'https://harborcafe.com/menu', tags: 'repeat, commercial', owner_id: null });
});
