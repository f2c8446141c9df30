// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { afterEach, expect, it, vi } from 'vitest';
import { StaffNavigation } from './navigation';

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderNavigation(onNavigate: () => void) {
  const page = (
    <>
      <StaffNavigation layout="full" onNavigate={onNavigate} />
      <Where />
    </>
  );
  const router = createMemoryRouter([{ path: '*', element: page }], { initialEntries: ['/prospects'] });
  render(<RouterProvider router={router} />);
}

afterEach(cleanup);

it('a plain click shows the screen at once (in the same task) and closes the drawer', () => {
  const onNavigate = vi.fn();
  renderNavigation(onNavigate);
  // A native click, outside act(): only a render flushed by the click itself shows before it returns
  // (a transition would still show /prospects here).
  screen.getByRole('link', { name: 'Home' }).dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 }));
  expect(screen.getByTestId('where').textContent).toBe('/');
  expect(screen.getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBe('page');
  expect(onNavigate).toHaveBeenCalledTimes(1);
});

it('a click with a modifier key is left to the browser (a new tab or window)', () => {
  const onNavigate = vi.fn();
  renderNavigation(onNavigate);
  const link = screen.getByRole('link', { name: 'Estimates' });
  link.addEventListener('click', (event) => event.preventDefault()); // jsdom would otherwise try to navigate
  fireEvent.click(link, { ctrlKey: true });
  expect(screen.getByTestId('where').textContent).toBe('/prospects');
  expect(onNavigate).toHaveBeenCalledTimes(1);
});
