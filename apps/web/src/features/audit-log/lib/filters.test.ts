import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { actorSearchQueries } from './actor-search';
import { objectLabel, toApiFilters } from './filters';

describe('toApiFilters', () => {
  it('turns picked local days into an instant range covering the whole last day', () => {
    const filters = toApiFilters({ from: '2026-05-01', to: '2026-05-03' });
    expect(filters.from).toBe(dayjs('2026-05-01T00:00:00').toISOString());
    // `to` is exclusive on the server: the midnight after the last picked day.
    expect(filters.to).toBe(dayjs('2026-05-04T00:00:00').toISOString());
  });

  it('keeps ids that are positive integers and drops the rest', () => {
    expect(toApiFilters({ actorUserId: '7', clientId: '0', documentId: 'abc' })).toMatchObject({
      actorUserId: 7,
      clientId: undefined,
      documentId: undefined,
    });
  });

  it('leaves out empty text and never sends the display names kept for the fields', () => {
    const filters = toApiFilters({ search: '   ', action: '', actorName: 'Ada', clientName: 'Acme' });
    expect(Object.values(filters).every((value) => value === undefined)).toBe(true);
  });
});

describe('objectLabel', () => {
  it('shows the type and id, shortening long ids such as session ids', () => {
    expect(objectLabel('document', '42')).toBe('document 42');
    expect(objectLabel('session', '3f2a9c1e-0000-4000-8000-000000000000')).toBe('session 3f2a9c1e…');
    expect(objectLabel(null, null)).toBe('');
  });
});

describe('actorSearchQueries', () => {
  it('searches an e-mail address as one', () => {
    expect(actorSearchQueries(' ada@example.com ')).toEqual([{ emailAddress: 'ada@example.com' }]);
  });

  it('reads two words as first and last name', () => {
    expect(actorSearchQueries('Ada  Lovelace King')).toEqual([{ firstName: 'Ada', lastName: 'Lovelace King' }]);
  });

  it('tries one word as either name or part of the address', () => {
    expect(actorSearchQueries('admin')).toEqual([
      { firstName: 'admin' },
      { lastName: 'admin' },
      { emailAddress: 'admin' },
    ]);
    expect(actorSearchQueries('  ')).toEqual([]);
  });
});
