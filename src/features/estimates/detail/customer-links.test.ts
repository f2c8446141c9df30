import { describe, expect, it } from 'vitest';
import { staffLinks, type EstimateLink } from './customer-links';
import { linkLabel } from './link-dialogs';

const link = (id: string, channel: string, sent_to = ''): EstimateLink => ({
  id, channel, sent_to, created_at: '2026-11-22T10:00:00Z', created_by_name: '', expired: false, view_count: 0, first_viewed_at: null, last_viewed_at: null,
});

describe('staffLinks', () => {
  it('keeps the e-mailed and copied links, not the ones a customer portal derives for its own page', () => {
    expect(staffLinks([link('a', 'link'), link('b', 'portal'), link('c', 'email', 'jo@example.com')]).map((l) => l.id)).toEqual(['a', 'c']);
  });
});

describe('linkLabel', () => {
  it('says how the link reached the customer', () => {
    expect(linkLabel(link('a', 'email', 'jo@example.com'))).toBe('E-mailed to jo@example.com');
    expect(linkLabel(link('a', 'email'))).toBe('E-mailed');
    expect(linkLabel(link('a', 'link'))).toBe('Copied link');
  });
});
