// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { keepPrerenderedInput, prerenderedValue, restorePrerenderedFocus } from './prerendered-input';

function screen(html: string): HTMLElement {
  document.body.innerHTML = `<div id="root">${html}</div><input name="outside" value="not ours">`;
  return document.getElementById('root')!;
}

describe('what was typed into the written-in screen before the app started', () => {
  beforeEach(() => restorePrerenderedFocus(document.body)); // forgets anything kept by a test before

  it('keeps the named fields that hold something, and nothing outside the screen', () => {
    const root = screen('<input name="identifier"><input name="password" type="password"><input name="empty"><input value="unnamed">');
    (root.querySelector('[name=identifier]') as HTMLInputElement).value = 'rep@example.com';
    (root.querySelector('[name=password]') as HTMLInputElement).value = 'secret';
    keepPrerenderedInput(root);
    expect(prerenderedValue('identifier')).toBe('rep@example.com');
    expect(prerenderedValue('password')).toBe('secret');
    expect(prerenderedValue('empty')).toBeUndefined();
    expect(prerenderedValue('outside')).toBeUndefined();
  });

  it('puts the focus and the caret back on the same field of the new screen, then forgets', () => {
    const root = screen('<input name="identifier">');
    const old = root.querySelector('input')!;
    old.value = 'rep@exa';
    old.focus();
    old.setSelectionRange(3, 3);
    keepPrerenderedInput(root);
    root.innerHTML = '<input name="identifier" value="rep@exa">'; // what the app renders in its place
    restorePrerenderedFocus(root);
    const now = root.querySelector('input')!;
    expect(document.activeElement).toBe(now);
    expect([now.selectionStart, now.selectionEnd]).toEqual([3, 3]);
    expect(prerenderedValue('identifier')).toBeUndefined();
  });

  it('puts the focus back on the same link or button of the new screen', () => {
    const root = screen('<a href="/auth">Sign in</a><a href="/auth?mode=sign-up">Create account</a><input name="identifier">');
    root.querySelectorAll('a')[1]!.focus();
    keepPrerenderedInput(root);
    root.innerHTML = '<a href="/auth">Sign in</a><a href="/auth?mode=sign-up">Create account</a><input name="identifier">';
    restorePrerenderedFocus(root);
    expect(document.activeElement).toBe(root.querySelectorAll('a')[1]);
  });

  it('moves no focus when none of the screen had it', () => {
    const root = screen('<input name="identifier">');
    const outside = document.querySelector<HTMLInputElement>('[name=outside]')!;
    outside.focus();
    keepPrerenderedInput(root);
    restorePrerenderedFocus(root);
    expect(document.activeElement).toBe(outside);
  });
});
