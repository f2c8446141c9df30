import { describe, expect, it } from 'vitest';
import { isCustomerFacing, nextStep, parseStep, previousStep, STEPS } from './steps';

describe('streamlined steps', () => {
  it('runs Customer → Items → Timeline → Review → Sign', () => {
    expect(STEPS.map((s) => s.label)).toEqual(['Customer', 'Items', 'Timeline', 'Review', 'Sign']);
    expect(nextStep('customer')).toBe('items');
    expect(nextStep('review')).toBe('sign');
    expect(nextStep('sign')).toBeNull();
    expect(previousStep('customer')).toBeNull();
    expect(previousStep('sign')).toBe('review');
  });

  it('starts at the beginning for an unknown or missing step', () => {
    expect(parseStep('timeline')).toBe('timeline');
    expect(parseStep('cost')).toBe('customer');
    expect(parseStep(null)).toBe('customer');
    expect(parseStep(undefined)).toBe('customer');
  });

  it('marks only Review and Sign as customer-facing (no cost or margin there)', () => {
    expect(STEPS.filter((s) => isCustomerFacing(s.id)).map((s) => s.id)).toEqual(['review', 'sign']);
  });
});
