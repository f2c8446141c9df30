import { describe, expect, it } from 'vitest';
import { errorReport, logText } from './error-log-panel';

describe('support texts', () => {
  it('puts the error ID first in a copied error report', () => {
    expect(errorReport({ message: 'Sync failed', error_id: 'a1b2c3d4', timestamp: '2026-11-25T10:00:00.000Z', route: '/estimates', version: '0.1.0' })).toBe(
      'Error ID: a1b2c3d4\nMessage: Sync failed\nWhen: 2026-11-25T10:00:00.000Z\nPage: /estimates\nVersion: 0.1.0',
    );
  });

  it('writes the log one line per entry, oldest first', () => {
    expect(
      logText([
        { level: 'info', message: 'Realtime connected', timestamp: '2026-11-25T10:00:00.000Z' },
        { level: 'error', message: 'Sync push failed', data: { collection: 'estimates' }, timestamp: '2026-11-25T10:01:00.000Z' },
      ]),
    ).toBe('2026-11-25T10:00:00.000Z INFO Realtime connected\n2026-11-25T10:01:00.000Z ERROR Sync push failed {"collection":"estimates"}');
  });
});
