// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { CopyLinkDialog } from './copy-link-dialog';

const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>;

afterEach(() => cleanup());

it('issues a new link only when asked, shows it and copies it', async () => {
  const issue = vi.fn(async (id: string) => `token-for-${id}`);
  const writeText = vi.fn(async () => undefined);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  render(<CopyLinkDialog open onClose={() => undefined} estimate={{ id: 'e1' }} issue={issue} />, { wrapper });
  expect(screen.getByText(/the links sent before keep working/)).toBeTruthy();
  expect(issue).not.toHaveBeenCalled();

  fireEvent.click(screen.getByRole('button', { name: 'Create and copy link' }));
  await waitFor(() => expect((screen.getByTestId('customer-link') as HTMLInputElement).value).toBe(`${window.location.origin}/portal/estimate/token-for-e1`));
  expect(issue).toHaveBeenCalledExactlyOnceWith('e1');
  expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/portal/estimate/token-for-e1`);
  expect(screen.getByText('Copied to the clipboard.')).toBeTruthy();
});

it('leaves the link on screen to copy by hand when the clipboard is refused', async () => {
  Object.defineProperty(navigator, 'clipboard', { value: { writeText: async () => Promise.reject(new Error('denied')) }, configurable: true });
  render(<CopyLinkDialog open onClose={() => undefined} estimate={{ id: 'e2' }} issue={async () => 'abc'} />, { wrapper });
  fireEvent.click(screen.getByRole('button', { name: 'Create and copy link' }));
  await waitFor(() => expect(screen.getByText('Select the link and copy it.')).toBeTruthy());
  expect((screen.getByTestId('customer-link') as HTMLInputElement).value).toMatch(/\/portal\/estimate\/abc$/);
});
