import { describe, expect, it } from 'vitest';
import { orgSlugSchema, requestFormSchema, type RequestFormInput } from './schemas';

const valid: RequestFormInput = {
  name: '  Robin   Gardner ', email: 'robin@example.com', phone: '(555) 010-0199', company: 'Gardner Homes', description: 'A new patio', desiredStart: '', budgetRange: '15k_50k', website: '',
};

const errors = (input: Partial<RequestFormInput>) => {
  const result = requestFormSchema.safeParse({ ...valid, ...input });
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [String(i.path[0]), i.message]));
};

describe('the request form', () => {
  it('accepts a complete request and tidies the name', () => {
    expect(requestFormSchema.parse(valid)).toMatchObject({ name: 'Robin Gardner', email: 'robin@example.com', budgetRange: '15k_50k' });
  });

  it('names each missing or wrong field with its own message', () => {
    expect(errors({ name: ' ', email: '', description: '' })).toEqual({ name: 'Enter your name', email: 'Enter your e-mail address', description: 'Tell us what you need' });
    expect(errors({ email: 'robin at example' })).toEqual({ email: 'Enter a valid e-mail address, like name@example.com' });
    expect(errors({ phone: 'call me' })).toEqual({ phone: 'Enter a phone number with digits, like (555) 010-0200' });
    expect(errors({ desiredStart: '2001-01-01' })).toEqual({ desiredStart: 'Choose a date from today on' });
    expect(errors({ description: 'x'.repeat(5001) })).toEqual({ description: 'Keep it under 5,000 characters' });
    expect(errors({ budgetRange: 'a lot' })).toHaveProperty('budgetRange');
  });

  it('leaves the optional fields optional', () => {
    expect(errors({ phone: '', company: '', desiredStart: '', budgetRange: '' })).toEqual({});
  });
});

describe('the organization slug', () => {
  it('takes lower-case words joined by hyphens', () => {
    expect(orgSlugSchema.safeParse('harbor-decks').success).toBe(true);
    for (const bad of ['Harbor', 'harbor--decks', '-x-', 'ab', "x'; drop"]) expect(orgSlugSchema.safeParse(bad).success, bad).toBe(false);
  });
});
