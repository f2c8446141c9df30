import { describe, expect, it } from 'vitest';
import { checkPin, hashPin, pauseAfter, pauseMessage, pinFormSchema, startHandOver } from './hand-over';

const PATH = '/estimates/e1/streamlined';

describe('the hand-over PIN form', () => {
  it.each([
    ['1234', '1234', null],
    ['12345678', '12345678', null],
    ['123', '123', 'The PIN is 4 to 8 digits'],
    ['123456789', '123456789', 'The PIN is 4 to 8 digits'],
    ['12a4', '12a4', 'The PIN is 4 to 8 digits'],
    ['1234', '1243', 'The two PINs are not the same'],
  ])('%s / %s → %s', (pin, repeat, message) => {
    const result = pinFormSchema.safeParse({ pin, repeat });
    expect(result.success ? null : result.error.issues[0]?.message).toBe(message);
  });
});

describe('the stored PIN', () => {
  it('is a salted hash: not the PIN, and different for the same PIN with another salt', async () => {
    const a = await startHandOver(PATH, '2468');
    const b = await startHandOver(PATH, '2468');
    expect(JSON.stringify(a)).not.toContain('2468');
    expect(a.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(a.hash).not.toBe(b.hash);
    expect(await hashPin('2468', a.salt)).toBe(a.hash);
  });
});

describe('returning to staff', () => {
  it('takes the right PIN', async () => {
    const state = await startHandOver(PATH, '2468');
    expect(await checkPin(state, '2468', 0)).toEqual({ ok: true });
  });

  it('counts wrong PINs, pauses after the third, and refuses even the right PIN during the pause', async () => {
    let state = await startHandOver(PATH, '2468');
    const first = await checkPin(state, '1111', 1000);
    expect(first).toMatchObject({ ok: false, message: 'That PIN is not right. 2 tries left before a pause.' });
    if (first.ok) throw new Error('unreachable');
    const second = await checkPin(first.state, '1111', 2000);
    expect(second).toMatchObject({ ok: false, message: 'That PIN is not right. 1 try left before a pause.' });
    if (second.ok) throw new Error('unreachable');
    const third = await checkPin(second.state, '1111', 3000);
    expect(third).toMatchObject({ ok: false, message: 'Too many wrong PINs. Try again in 30 seconds.' });
    if (third.ok) throw new Error('unreachable');
    state = third.state;
    expect(await checkPin(state, '2468', 3000 + 29_500)).toMatchObject({ ok: false, message: 'Too many wrong PINs. Try again in 1 second.' });
    expect(await checkPin(state, '2468', 3000 + 30_000)).toEqual({ ok: true });
    const fourth = await checkPin(state, '0000', 3000 + 30_000);
    expect(fourth).toMatchObject({ ok: false, message: 'Too many wrong PINs. Try again in 60 seconds.' });
  });

  it.each([
    [0, 0],
    [2, 0],
    [3, 30_000],
    [4, 60_000],
    [5, 120_000],
    [20, 300_000],
  ])('pauses %i wrong PINs for %i ms', (failures, ms) => {
    expect(pauseAfter(failures)).toBe(ms);
  });

  it('says nothing once the pause is over', async () => {
    const state = { ...(await startHandOver(PATH, '2468')), lockedUntil: 5000 };
    expect(pauseMessage(state, 5000)).toBeNull();
  });
});
