// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { RowsTable, Table, TableBody, TableCell, TableColumns, TableRow } from './table';

afterEach(() => cleanup());

const table = (actions: boolean) => (
  <Table>
    <TableColumns columns={['Name', { label: 'E-mail', className: 'hidden md:table-cell' }]} actions={actions} />
    <TableBody>
      <TableRow>
        <TableCell>Ada</TableCell>
        <TableCell>ada@example.com</TableCell>
      </TableRow>
    </TableBody>
  </Table>
);

it('heads each column, keeps its classes, and names the actions column for screen readers only', () => {
  render(table(true));
  const headers = screen.getAllByRole('columnheader');
  expect(headers.map((h) => h.textContent)).toEqual(['Name', 'E-mail', 'Actions']);
  expect(headers[1]!.className).toContain('hidden md:table-cell');
  expect(headers[2]!.querySelector('.sr-only')).not.toBeNull();
});

it('leaves the actions column out unless asked', () => {
  render(table(false));
  expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Name', 'E-mail']);
});

it('gives each record a row of its cells', () => {
  render(<RowsTable columns={['Name']} rows={[{ id: 'a', name: 'Ada' }, { id: 'b', name: 'Grace' }]} cells={(r) => <TableCell>{r.name}</TableCell>} />);
  expect(screen.getAllByRole('row').slice(1).map((r) => r.textContent)).toEqual(['Ada', 'Grace']);
});

it('names a table for screen readers only without a strip of caption above its header', () => {
  render(<RowsTable label="Portals" columns={['Name']} rows={[{ id: 'a' }]} cells={() => <TableCell>Ada</TableCell>} />);
  const caption = screen.getByRole('table', { name: 'Portals' }).querySelector('caption')!;
  expect(caption.className).toBe('sr-only');
});

it('shows a caption above the header when given one', () => {
  render(<Table caption="Members (2)"><TableBody>{null}</TableBody></Table>);
  expect(screen.getByRole('table', { name: 'Members (2)' }).querySelector('caption')!.className).not.toContain('sr-only');
});
