import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { ERROR_QUEUE_LIMIT, LOG_BUFFER_LIMIT, LocalLog } from './local-log';

let counter = 0;
const opened: LocalLog[] = [];
function freshLog(): LocalLog {
  const log = new LocalLog(`local-log-test-${++counter}`);
  opened.push(log);
  return log;
}

afterEach(async () => {
  await Promise.all(opened.splice(0).map((log) => log.delete()));
});

describe('local log', () => {
  it('records security events in the SPEC §3 shape', async () => {
    const log = freshLog();
    await log.recordSecurityEvent({
      event_type: 'login_failure',
      user_id: null,
      metadata: { email: 'a@example.com', client_id: 'fp', action: 'sign_in', reason: 'invalid_credentials' },
    });
    const [event] = await log.securityEvents();
    expect(event).toMatchObject({
      event_type: 'login_failure',
      user_id: null,
      session_id: null,
      metadata: { email: 'a@example.com', client_id: 'fp', action: 'sign_in', reason: 'invalid_credentials' },
    });
    expect(Number.isNaN(Date.parse(event!.timestamp))).toBe(false);
  });

  it('filters security events by type', async () => {
    const log = freshLog();
    await log.recordSecurityEvent({ event_type: 'login_attempt' });
    await log.recordSecurityEvent({ event_type: 'suspicious_activity', metadata: { reason: 'rate_limited' } });
    const suspicious = await log.securityEvents('suspicious_activity');
    expect(suspicious.map((e) => e.metadata.reason)).toEqual(['rate_limited']);
  });

  it('keeps the newest 100 errors and drops the oldest', async () => {
    const log = freshLog();
    for (let i = 0; i < ERROR_QUEUE_LIMIT + 5; i++) await log.enqueueError({ message: `error ${i}` });
    const errors = await log.errors();
    expect(errors).toHaveLength(ERROR_QUEUE_LIMIT);
    expect(errors[0]!.message).toBe('error 5');
    expect(errors.at(-1)!.message).toBe(`error ${ERROR_QUEUE_LIMIT + 4}`);
  });

  it('keeps the newest 100 log entries', async () => {
    const log = freshLog();
    for (let i = 0; i < LOG_BUFFER_LIMIT + 1; i++) await log.appendLog({ level: 'info', message: `line ${i}` });
    const logs = await log.logs();
    expect(logs).toHaveLength(LOG_BUFFER_LIMIT);
    expect(logs[0]!.message).toBe('line 1');
  });

  it('creates the device id once and keeps it across reopening', async () => {
    const log = freshLog();
    const first = await log.deviceId();
    const again = await Promise.all([log.deviceId(), log.deviceId()]);
    expect(again).toEqual([first, first]);
    log.close();
    const reopened = new LocalLog(`local-log-test-${counter}`);
    opened.push(reopened);
    expect(await reopened.deviceId()).toBe(first);
  });

  it('stores and clears login failures per fingerprint', async () => {
    const log = freshLog();
    await log.setLoginFailures('a', [1, 2]);
    expect(await log.loginFailures('a')).toEqual([1, 2]);
    expect(await log.loginFailures('b')).toEqual([]);
    await log.setLoginFailures('a', []);
    expect(await log.loginFailures('a')).toEqual([]);
  });
});
