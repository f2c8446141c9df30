// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { CsvImportDialog, type CheckedImport } from './csv-import-dialog';

afterEach(() => cleanup());

type Plan = CheckedImport & { rows: string[] };

const planOf = (text: string): Plan => {
  const rows = text.split('\n').filter(Boolean);
  const problems = rows.filter((r) => r.startsWith('bad'));
  return { rows, problems, valid: rows.filter((r) => !r.startsWith('bad')) };
};

function setup(write = vi.fn(async (plan: Plan) => `Imported ${plan.valid.length}.`)) {
  const onClose = vi.fn();
  render(
    <CsvImportDialog<Plan>
      open
      onClose={onClose}
      title="Import things"
      description="Columns: name"
      noun="thing"
      tooLarge="Too large."
      plan={planOf}
      write={write}
      report={(plan) => <p data-testid="report">{plan.rows.join(',')}</p>}
    />,
  );
  const choose = (text: string, name = 'things.csv') => fireEvent.change(screen.getByLabelText('CSV file'), { target: { files: [new File([text], name, { type: 'text/csv' })] } });
  return { onClose, write, choose };
}

it('shows the report of a clean file and imports every row once asked', async () => {
  const { choose, write, onClose } = setup();
  choose('a\nb\n');
  expect(await screen.findByTestId('report')).toHaveProperty('textContent', 'a,b');
  expect(write).not.toHaveBeenCalled();
  fireEvent.click(screen.getByRole('button', { name: 'Import 2 things' }));
  await waitFor(() => expect(onClose).toHaveBeenCalled());
  expect(write).toHaveBeenCalledOnce();
});

it('a file with problems offers only its valid rows, by an explicit choice', async () => {
  const { choose } = setup();
  choose('a\nbad row\n');
  await screen.findByTestId('report');
  expect(screen.queryByRole('button', { name: /^Import 1 thing/ })).toBeNull();
  expect(screen.getByRole('button', { name: 'Import only the 1 valid row' })).toBeTruthy();
});

it('refuses a file over 5 MB with the feature’s message, and a failed write keeps the dialog open', async () => {
  const { choose, onClose } = setup(vi.fn(async () => Promise.reject(new Error('disk full'))));
  fireEvent.change(screen.getByLabelText('CSV file'), { target: { files: [Object.defineProperty(new File(['x'], 'big.csv'), 'size', { value: 6 * 1024 * 1024 })] } });
  expect((await screen.findByRole('alert')).textContent).toBe('Too large.');
  choose('a\n');
  fireEvent.click(await screen.findByRole('button', { name: 'Import 1 thing' }));
  await waitFor(() => expect(screen.getByRole('button', { name: 'Import 1 thing' })).toHaveProperty('disabled', false));
  expect(onClose).not.toHaveBeenCalled();
});
