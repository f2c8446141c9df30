import { describe, expect, it } from 'vitest';
import type { Prospect } from '../../db/collections/prospects';
import { prospects } from '../../db/collections/prospects';
import { IMPORTED_REASON, MAX_IMPORT_ROWS, planImport, prospectsToCsv, type ImportContext } from './csv';

const ORG = '11111111-1111-4111-8111-111111111111';
const ME = '22222222-2222-4222-8222-222222222222';
const RITA = '33333333-3333-4333-8333-333333333333';
const context: ImportContext = {
  existing: new Map([['ana@example.com', 'Ana Lopez']]),
  team: new Map([['rita@example.com', RITA]]),
  defaultOwner: ME,
};
const csv = (...lines: string[]) => lines.join('\n');

describe('prospect CSV import', () => {
  it('takes valid rows with stages by name or label, owners by e-mail, and defaults', () => {
    const plan = planImport(
      csv(
        'First name,Last name,E-mail,Phone,Company,Stage,Reason,Owner,Notes',
        'Sam,Carter,sam@example.com,(720) 555-0101,Carter Homes,Qualified,,rita@example.com,Met at the fair',
        'Jo,,,,,won,,,',
        'Lee,Park,LEE@example.com,,,lost,Went with a competitor,,',
        ',Solo,,,,,,,',
      ),
      context,
    );
    expect(plan.problems).toEqual([]);
    expect(plan.valid.map((r) => [r.row, r.values.first_name, r.values.status, r.values.status_reason, r.values.owner_id])).toEqual([
      [2, 'Sam', 'qualified', '', RITA],
      [3, 'Jo', 'won', IMPORTED_REASON, ME],
      [4, 'Lee', 'lost', 'Went with a competitor', ME],
      [5, '', 'new', '', ME],
    ]);
    expect(plan.valid[0]!.values).toMatchObject({ email: 'sam@example.com', phone: '(720) 555-0101', company: 'Carter Homes', notes: 'Met at the fair' });
  });

  it('reports every bad cell by row and column and imports none of that row', () => {
    const plan = planImport(
      csv(
        'first_name,last_name,email,phone,status,owner_email',
        ',,nobody@example.com,,,',
        'Ana,B,not-an-email,call me,hot,stranger@example.com',
        'Ok,Row,ok@example.com,,,',
        'Too,Many,x@example.com,,,,extra',
      ),
      context,
    );
    expect(plan.problems).toEqual([
      { row: 2, field: 'first_name', message: 'Enter a first or last name' },
      { row: 3, field: 'email', message: 'Enter a valid e-mail address, like name@example.com' },
      { row: 3, field: 'phone', message: 'Enter a phone number of at least 7 digits, like (720) 555-0199' },
      { row: 3, field: 'status', message: 'Unknown stage "hot" (use new, contacted, qualified, proposal, won, lost)' },
      { row: 3, field: 'owner_email', message: 'stranger@example.com is not a member of your team' },
      { row: 5, field: 'row', message: 'More cells than the header has columns (6)' },
    ]);
    expect(plan).toMatchObject({ rows: 4, invalidRows: 3 });
    expect(plan.valid.map((r) => r.row)).toEqual([4]);
  });

  it('shows duplicates by e-mail, against existing prospects and earlier rows, and never imports them', () => {
    const plan = planImport(csv('first_name,last_name,email', 'Ana,L,ANA@example.com ', 'Bo,K,bo@example.com', 'Bo,Again,bo@EXAMPLE.com', 'No,Mail,'), context);
    expect(plan.duplicates).toEqual([
      { row: 2, email: 'ANA@example.com', of: 'Ana Lopez' },
      { row: 4, email: 'bo@EXAMPLE.com', of: 'row 3 of this file' },
    ]);
    expect(plan.valid.map((r) => r.row)).toEqual([3, 5]);
    expect(plan.problems).toEqual([]);
  });

  it('refuses a file with wrong headers as a whole, naming each', () => {
    const plan = planImport(csv('name,email,email,fax', 'Ana,a@example.com,b@example.com,1'), context);
    expect(plan.valid).toEqual([]);
    expect(plan.problems).toEqual([
      { row: 1, field: 'first_name', message: 'The header has no first_name column' },
      { row: 1, field: 'last_name', message: 'The header has no last_name column' },
      { row: 1, field: 'name', message: 'Unknown column (expected first_name, last_name, email, phone, company, status, status_reason, owner_email, notes)' },
      { row: 1, field: 'email', message: 'This column appears twice' },
      { row: 1, field: 'fax', message: 'Unknown column (expected first_name, last_name, email, phone, company, status, status_reason, owner_email, notes)' },
    ]);
  });

  it('refuses an empty file, a header without rows, and more rows than the limit', () => {
    expect(planImport('', context).problems).toEqual([{ row: 1, field: 'file', message: 'The file is empty' }]);
    expect(planImport('first_name,last_name,email\n', context).problems).toEqual([{ row: 2, field: 'file', message: 'The file has a header but no prospect rows' }]);
    const big = ['first_name,last_name,email', ...Array.from({ length: 50_000 }, (_, i) => `P${i},X,p${i}@example.com`)].join('\n');
    const plan = planImport(big, context);
    expect(plan.valid).toEqual([]);
    expect(plan.problems).toEqual([
      { row: 1, field: 'file', message: `The file has 50,000 rows; import at most ${MAX_IMPORT_ROWS.toLocaleString('en-US')} at a time (split the file)` },
    ]);
  });

  it('reads back what it exports, formulas defused', () => {
    const p = (values: Partial<Prospect>) => prospects.create({ id: crypto.randomUUID(), org_id: ORG, owner_id: RITA, ...values });
    const rows = [
      p({ first_name: '=HYPERLINK("x")', last_name: 'Lopez', email: 'new@example.com', status: 'won', status_reason: 'Signed, at last' }),
      p({ first_name: 'Kim', last_name: 'Ng', email: '', company: 'Ng "Quoted" Ltd', notes: 'Line one\nline two' }),
    ];
    const text = prospectsToCsv(rows, { owners: new Map([[RITA, 'rita@example.com']]), accounts: new Map() });
    expect(text.split('\r\n')[0]).toBe('first_name,last_name,email,phone,company,status,status_reason,owner_email,notes,source,account,created');
    expect(text).toContain(`"'=HYPERLINK(""x"")"`);
    const plan = planImport(text, { ...context, existing: new Map() });
    expect(plan.problems).toEqual([]);
    expect(plan.valid.map((r) => r.values)).toEqual([
      { first_name: '=HYPERLINK("x")', last_name: 'Lopez', email: 'new@example.com', phone: '', company: '', notes: '', status: 'won', status_reason: 'Signed, at last', owner_id: RITA },
      { first_name: 'Kim', last_name: 'Ng', email: '', phone: '', company: 'Ng "Quoted" Ltd', notes: 'Line one\nline two', status: 'new', status_reason: '', owner_id: RITA },
    ]);
  });
});
