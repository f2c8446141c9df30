import { describe, expect, it } from 'vitest';
import { formatDay, formatQuantity, formatShortDay, safeImageSource } from './format';

describe('customer page formats', () => {
  it('writes calendar days the same in every time zone', () => {
    expect(formatDay('2026-12-01')).toBe('December 1, 2026');
    expect(formatShortDay('2026-12-01')).toBe('Dec 1');
    expect(formatDay(null)).toBe('');
  });

  it('writes quantities with their unit, leaving out "each"', () => {
    expect(formatQuantity(20, 'sqft')).toBe('20 sqft');
    expect(formatQuantity(1.5, 'hour')).toBe('1.5 hour');
    expect(formatQuantity(3, 'each')).toBe('3');
  });

  it('writes nothing for a moment it cannot read', () => {
  });

  it('shows only data images and own paths as a logo', () => {
    expect(safeImageSource('data:image/png;base64,AAAA')).toBe('data:image/png;base64,AAAA');
    expect(safeImageSource('/logos/acme.svg')).toBe('/logos/acme.svg');
    expect(safeImageSource('//evil.example/x.png')).toBeNull();
    expect(safeImageSource('https://evil.example/x.png')).toBeNull();
    expect(safeImageSource('javascript:alert(1)')).toBeNull();
    expect(safeImageSource('data:text/html,<script>')).toBeNull();
  });
});
