// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { VirtualRows } from './virtual-rows';

afterEach(() => cleanup());

const table = (message: string | null) => (
  <VirtualRows
    label="Things"
    rowCount={3}
    busy={false}
    header={<div role="row">Name</div>}
    rows={[{ id: 'a' }, { id: 'b' }]}
    rowHeight={40}
    message={message}
    scrollerClassName="max-h-96"
    testId="thing-rows"
    row={(r) => <div role="row">{r.id}</div>}
  />
);

it('names the table and shows its message instead of the rows when there is one', () => {
  render(table('Nothing matches.'));
  expect(screen.getByRole('table', { name: 'Things' }).getAttribute('aria-rowcount')).toBe('3');
  expect(screen.getByText('Nothing matches.')).toBeTruthy();
  expect(screen.queryByTestId('thing-rows')).toBeNull();
});

it('scrolls the rows in a row group of their own without a message', () => {
  render(table(null));
  expect(screen.getByTestId('thing-rows').getAttribute('role')).toBe('rowgroup');
  expect(screen.queryByText('Nothing matches.')).toBeNull();
});
