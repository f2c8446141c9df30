import { describe, expect, it } from 'vitest';
import { requestLink } from './request-link';

describe('requestLink', () => {
  it('points /requests at the organization by its slug', () => {
    expect(requestLink('https://app.example.com', 'summit-home')).toBe('https://app.example.com/requests?org=summit-home');
  });
});
