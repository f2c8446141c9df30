// The guided flow's steps, in order. The first three are the rep's (cost and margin shown);
// Review and Sign are what the customer sees, so they never show cost or margin.
export const STEPS = [
  { id: 'customer', label: 'Customer', customerFacing: false },
  { id: 'items', label: 'Items', customerFacing: false },
  { id: 'timeline', label: 'Timeline', customerFacing: false },
  { id: 'review', label: 'Review', customerFacing: true },
  { id: 'sign', label: 'Sign', customerFacing: true },
] as const;

export type StepId = (typeof STEPS)[number]['id'];

/** The step named in the URL (?step=…); anything unknown or missing starts at the beginning. */
export function parseStep(value: string | null | undefined): StepId {
  return STEPS.find((s) => s.id === value)?.id ?? 'customer';
}

export function stepIndex(step: StepId): number {
  return STEPS.findIndex((s) => s.id === step);
}

export function nextStep(step: StepId): StepId | null {
  return STEPS[stepIndex(step) + 1]?.id ?? null;
}

export function previousStep(step: StepId): StepId | null {
  const index = stepIndex(step);
  return index > 0 ? STEPS[index - 1]!.id : null;
}

export function isCustomerFacing(step: StepId): boolean {
  return STEPS[stepIndex(step)]!.customerFacing;
}
