import { describe, expect, it } from 'vitest';
import { customerLinkUrl } from './customer-links';
import { checkRecipient } from './send-dialog';

describe('checkRecipient', () => {
  it('needs an address', () => {
    expect(checkRecipient('   ')).toEqual({ ok: false, error: 'Enter the customer’s e-mail address' });
  });

  it('refuses what is not an e-mail address', () => {
    for (const bad of ['jane', 'jane@', '@example.com', 'jane doe@example.com', `${'a'.repeat(250)}@x.io`]) {
      expect(checkRecipient(bad)).toEqual({ ok: false, error: 'Enter a valid e-mail address, like name@example.com' });
    }
  });

  it('keeps a valid address, trimmed', () => {
    expect(checkRecipient('  jane@example.com ')).toEqual({ ok: true, value: 'jane@example.com' });
  });
});

describe('customerLinkUrl', () => {
  it('is the portal estimate page on this origin', () => {
    expect(customerLinkUrl('https://app.example.com', 'abc_DEF-123')).toBe('https://app.example.com/portal/estimate/abc_DEF-123');
  });
});
