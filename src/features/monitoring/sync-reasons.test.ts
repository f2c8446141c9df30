import { describe, expect, it } from 'vitest';
import { documentLabel, reasonText } from './sync-reasons';

describe('reasonText', () => {
  it('explains known reasons and falls back for others', () => {
    expect(reasonText('forbidden')).toBe('Your role does not allow this change.');
    expect(reasonText('something_new')).toBe('The server refused the change.');
  });
});

describe('documentLabel', () => {
  it('names a document by title, name, number, e-mail or person, else the fallback', () => {
    expect(documentLabel(JSON.stringify({ title: 'Deck', number: 'EST-1' }), 'id')).toBe('Deck');
    expect(documentLabel(JSON.stringify({ first_name: 'Pat', last_name: 'Lee' }), 'id')).toBe('Pat Lee');
    expect(documentLabel('not json', 'id-1')).toBe('id-1');
  });
});
