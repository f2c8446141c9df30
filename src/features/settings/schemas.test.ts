import { describe, expect, it } from 'vitest';
import { organizationFormSchema, profileFormSchema, type OrganizationFormInput } from './schemas';

const valid: OrganizationFormInput = {
  name: 'Summit Home',
  address: '1 Main St',
  phone: '+1 555 0100',
  logo: '',
  brand_color: '#1D4ED8',
  estimate_prefix: 'EST-',
  default_validity_days: '30',
  default_tax_rate: '8.25',
  default_terms: 'Half on signing.',
};

function errorAt(values: Partial<OrganizationFormInput>): { path: string; message: string } | null {
  const result = organizationFormSchema.safeParse({ ...valid, ...values });
  if (result.success) return null;
  const issue = result.error.issues[0]!;
  return { path: issue.path.join('.'), message: issue.message };
}

describe('organizationFormSchema', () => {
  it('turns the typed strings into the stored values', () => {
    expect(organizationFormSchema.parse({ ...valid, default_tax_rate: ' 100 % ' })).toMatchObject({
      brand_color: '#1d4ed8',
      default_validity_days: 30,
      default_tax_rate: 100,
    });
  });

  it.each([
    [{ estimate_prefix: 'EST 1' }, 'estimate_prefix', 'Use letters, digits and . _ / # - only, without spaces'],
    [{ estimate_prefix: 'ESTIMATE-2026' }, 'estimate_prefix', 'The prefix has at most 10 characters'],
    [{ default_tax_rate: '101' }, 'default_tax_rate', 'The tax rate must be between 0 and 100'],
    [{ default_tax_rate: '-1' }, 'default_tax_rate', 'Enter a rate such as 8.25 (at most 3 decimals)'],
    [{ default_tax_rate: 'eight' }, 'default_tax_rate', 'Enter a rate such as 8.25 (at most 3 decimals)'],
    [{ default_validity_days: '0' }, 'default_validity_days', 'Enter between 1 and 365 days'],
    [{ default_validity_days: '2.5' }, 'default_validity_days', 'Enter a whole number of days'],
    [{ brand_color: '#ffeb3b' }, 'brand_color', 'White text on this colour has a contrast of 1.2:1; choose a darker colour (at least 4.5:1).'],
    [{ brand_color: 'blue' }, 'brand_color', 'Enter a colour as # and six hex digits, e.g. #1d4ed8'],
    [{ name: '  ' }, 'name', 'Enter the name of your organization'],
    [{ logo: 'data:text/html;base64,PHA+' }, 'logo', 'The logo must be a PNG, JPEG or WebP image of at most 200 KB'],
  ])('refuses %j at the field', (values, path, message) => {
    expect(errorAt(values)).toEqual({ path, message });
  });
});

describe('profileFormSchema', () => {
  it('keeps names and a phone number, and refuses letters in the phone', () => {
    expect(profileFormSchema.parse({ first_name: ' Ada ', last_name: 'Lovelace', phone: '+1 (555) 010-0100' })).toEqual({
      first_name: 'Ada',
      last_name: 'Lovelace',
      phone: '+1 (555) 010-0100',
    });
    expect(profileFormSchema.safeParse({ first_name: 'Ada', last_name: 'L', phone: 'call me' }).error!.issues[0]!.message).toBe('Use digits, spaces and + ( ) . - only');
  });
});
