import { describe, expect, it } from 'vitest';
import { portalRequestFormSchema } from './request-schema';

const VALID = { name: '  Alice   Doe ', email: 'alice@acme.example', phone: '', company: 'Acme', description: 'A second patio', desiredStart: '', budgetRange: '' };

describe('portal request form', () => {
  it('tidies what it keeps', () => expect(portalRequestFormSchema.parse(VALID)).toMatchObject({ name: 'Alice Doe', description: 'A second patio' }));

  it.each([
    [{ name: ' ' }, 'name', 'Enter your name'],
    [{ email: 'alice' }, 'email', 'Enter a valid e-mail address, like name@example.com'],
    [{ description: '' }, 'description', 'Tell us what you need'],
    [{ desiredStart: '2001-01-01' }, 'desiredStart', 'Choose a date from today on'],
    [{ budgetRange: 'millions' }, 'budgetRange', undefined],
  ])('refuses %j at its field', (change, field, message) => {
    const result = portalRequestFormSchema.safeParse({ ...VALID, ...change });
    expect(result.success).toBe(false);
    const issue = result.error!.issues.find((i) => i.path[0] === field);
    expect(issue).toBeTruthy();
    if (message) expect(issue!.message).toBe(message);
  });
});
