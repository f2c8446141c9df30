// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { computeMargin } from '../../lib/money';
import { MarginText } from './margin-text';

afterEach(cleanup);

it.each([
  [10_000, 6_000, 'green', '$40.00 (40.0%)', 'healthy margin'],
  [10_000, 8_000, 'yellow', '$20.00 (20.0%)', 'thin margin'],
  [10_000, 8_100, 'red', '$19.00 (19.0%)', 'low margin'],
  [10_000, null, 'none', 'N/A', null],
] as const)('price %i, cost %s: %s tone, %s', (price, cost, tone, text, spoken) => {
  const { container } = render(<MarginText margin={computeMargin(price, cost)} />);
  const span = container.querySelector('[data-margin-tone]')!;
  expect(span.getAttribute('data-margin-tone')).toBe(tone);
  expect(span.textContent).toBe(text);
  if (spoken) expect(container.querySelector('.sr-only')?.textContent).toContain(spoken);
  else expect(container.querySelector('.sr-only')).toBeNull();
});
