import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { indexWords, matchesWords, normalizeSearchText, searchWords, wordPrefixPattern } from './text-search';

describe('normalizeSearchText', () => {
  it('lower-cases, strips accents and folds spaces', () => {
    expect(normalizeSearchText('  Harbor   CAFÉ ', null, 'Crème')).toBe('harbor cafe creme');
  });
});

describe('the search rule', () => {
  it.each([
    ['kitchen remodel', 'REMO', true],
    ['kitchen remodel', 'model', false],
    ['EST-000001 Kitchen', '000001', true],
    ['Harbor Cafe', 'café', true],
    ['Harbor Cafe', 'cafe harb', true],
    ['Harbor Cafe', 'cafe x', false],
    ['anything', '   ', true],
    ['a+b (test)', '(te', true],
  ])('%s ~ %s → %s', (text, query, expected) => {
    expect(matchesWords(text, query)).toBe(expected);
    const pattern = wordPrefixPattern(query);
    expect(pattern === null ? true : new RegExp(pattern).test(normalizeSearchText(text))).toBe(expected);
  });

  it('the in-memory rule, the selector pattern and the word index agree on any text', () => {
    const word = fc.stringMatching(/^[a-zé0-9-]{1,6}$/);
    fc.assert(
      fc.property(fc.array(word, { maxLength: 5 }), fc.array(word, { maxLength: 3 }), (textWords, queryWords) => {
        const text = textWords.join(' ');
        const query = queryWords.join(' ');
        const memory = matchesWords(text, query);
        const pattern = wordPrefixPattern(query);
        const selector = pattern === null ? true : new RegExp(pattern).test(normalizeSearchText(text));
        const entries = indexWords(normalizeSearchText(text));
        const index = searchWords(query).every((q) => entries.some((e) => e.startsWith(q)));
        expect(selector).toBe(memory);
        expect(index).toBe(memory);
      }),
      { numRuns: 2000 },
    );
  });

  it('indexWords keeps each word and what follows each hyphen in it', () => {
    expect(indexWords('est-000123 kitchen a-b-c')).toEqual(['est-000123', '000123', 'kitchen', 'a-b-c', 'b-c', 'c']);
  });
});
