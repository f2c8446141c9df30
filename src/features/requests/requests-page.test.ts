import { describe, expect, it } from 'vitest';
import { requestSlug } from './requests-page';

describe('requestSlug', () => {
  it('files to the URL’s organization, the build’s default, or the first organization', () => {
    expect(requestSlug('harbor-decks', 'default-org')).toEqual({ slug: 'harbor-decks', valid: true });
    expect(requestSlug('Harbor-Decks ', null)).toEqual({ slug: 'harbor-decks', valid: true });
    expect(requestSlug(null, 'default-org')).toEqual({ slug: 'default-org', valid: true });
    expect(requestSlug('', null)).toEqual({ slug: null, valid: true });
  });

  it('refuses a malformed slug before asking the server', () => {
    expect(requestSlug("x'; drop table", null)).toEqual({ slug: null, valid: false });
  });
});
