import { describe, expect, it } from 'vitest';
import { loggableUrl } from '../logger.js';

describe('loggableUrl', () => {
  it('keeps the path and the paging values, and withholds every other query value', () => {
    expect(loggableUrl('/api/v1/document/clients')).toBe('/api/v1/document/clients');
    expect(
      loggableUrl('/api/v1/document/clients?socialSecurityNumber=123-45-6789&limit=10&offset=20&sortedBy=name'),
    ).toBe('/api/v1/document/clients?socialSecurityNumber=[redacted]&limit=10&offset=20&sortedBy=name');
    expect(loggableUrl('/x?emailAddress=a%40b.example&emailAddress=c%40d.example&sortedDesc=true')).toBe(
      '/x?emailAddress=[redacted]&emailAddress=[redacted]&sortedDesc=true',
    );
  });
});
