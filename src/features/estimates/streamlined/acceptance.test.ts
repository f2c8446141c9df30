import { describe, expect, it } from 'vitest';
import { acceptanceState, checkAcceptance } from './acceptance';

describe('checkAcceptance', () => {
  it('needs a typed name and a drawn signature, each with its own message', () => {
    const result = checkAcceptance({ name: '   ', signature: '' });
    expect(result).toEqual({ ok: false, errors: { name: 'Enter the full name of the person accepting', signature: 'Draw the signature in the box' } });
  });

  it('tidies the name', () => {
    expect(checkAcceptance({ name: '  Jane   Q. Doe ', signature: 'data:image/svg+xml,x' })).toEqual({ ok: true, value: { name: 'Jane Q. Doe', signature: 'data:image/svg+xml,x' } });
  });

  it('refuses an oversized signature and a very long name', () => {
    const result = checkAcceptance({ name: 'x'.repeat(201), signature: 'y'.repeat(100_001) });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.errors.name).toMatch(/too long/);
      expect(result.errors.signature).toMatch(/too detailed/);
    }
  });
});

describe('acceptanceState', () => {
  it('is pending until the server points the estimate at the accepted version', () => {
    expect(acceptanceState({ status: 'draft', accepted_version_id: null }, null)).toBe('none');
    expect(acceptanceState({ status: 'accepted', accepted_version_id: null }, null)).toBe('pending');
    expect(acceptanceState({ status: 'accepted', accepted_version_id: '6f1c2f1e-0000-4000-8000-000000000001' }, null)).toBe('confirmed');
  });

  it('is refused while the server’s refusal is open, and not after it was dismissed', () => {
    expect(acceptanceState({ status: 'accepted', accepted_version_id: null }, { status: 'open', reason: 'estimate_locked' })).toBe('refused');
    expect(acceptanceState({ status: 'accepted', accepted_version_id: null }, { status: 'dismissed', reason: 'estimate_locked' })).toBe('pending');
  });

  it('stays refused for a mismatch after the server’s copy (not accepted) came back, but not for other failures', () => {
    expect(acceptanceState({ status: 'draft', accepted_version_id: null }, { status: 'open', reason: 'acceptance_mismatch' })).toBe('refused');
    expect(acceptanceState({ status: 'draft', accepted_version_id: null }, { status: 'open', reason: 'illegal_status_transition' })).toBe('none');
    expect(acceptanceState({ status: 'draft', accepted_version_id: null }, { status: 'dismissed', reason: 'acceptance_mismatch' })).toBe('none');
  });
});
