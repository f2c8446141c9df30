import { describe, expect, it } from 'vitest';
import { formatBytes } from './device-storage';

describe('formatBytes', () => {
  it.each([
    [null, 'unknown'],
    [512, '512 bytes'],
    [1536, '1.5 KB'],
    [52_428_800, '50 MB'],
    [2_147_483_648, '2.0 GB'],
  ])('%s → %s', (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text);
  });
});
