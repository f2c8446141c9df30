import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { formatMoment, formatMomentUtc } from './format';
import { Moment } from './moment';

describe('moments', () => {
  it('reads in the styles the pages use, empty for no or a bad timestamp', () => {
    expect(formatMomentUtc('2026-11-25T23:30:00Z')).toBe('Nov 25, 2026, 11:30 PM UTC');
    expect(formatMomentUtc('2026-11-25T23:30:00Z', 'long')).toBe('November 25, 2026 at 11:30 PM UTC');
    expect(formatMomentUtc('2026-11-25T23:30:00Z', 'day')).toBe('November 25, 2026 UTC');
    expect(formatMoment('2026-11-25T12:00:00Z', 'day')).toMatch(/November 2[56], 2026/);
    for (const bad of [null, undefined, '', 'not a date']) {
      expect(formatMoment(bad)).toBe('');
      expect(formatMomentUtc(bad)).toBe('');
    }
  });

  it('is written in UTC, saying so, where the server renders (the reader’s zone is unknown there)', () => {
    expect(renderToString(<Moment at="2026-11-25T23:30:00Z" style="long" />)).toBe('<time dateTime="2026-11-25T23:30:00Z">November 25, 2026 at 11:30 PM UTC</time>');
  });
});
