import { expect, it } from 'vitest';
import { createTooltipTiming } from './tooltip-timing';

it('opens after 700 ms, at once within 300 ms of another tooltip closing', () => {
  const timing = createTooltipTiming();
  expect(timing.openDelay(10_000)).toBe(700);
  timing.closed(10_000);
  expect(timing.openDelay(10_300)).toBe(0);
  expect(timing.openDelay(10_301)).toBe(700);
});
