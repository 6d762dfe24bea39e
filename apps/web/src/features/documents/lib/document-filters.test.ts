import { describe, expect, it } from 'vitest';
import { parseTagIds, toDocumentsQuery, toQueryDate } from './document-filters';

describe('toQueryDate', () => {
  it('turns the date input ISO day into the API M-D-YYYY without leading zeros', () => {
    expect(toQueryDate('2026-03-07')).toBe('3-7-2026');
    expect(toQueryDate('2025-12-31')).toBe('12-31-2025');
  });

  it('drops empty, malformed and impossible dates instead of sending them', () => {
    expect(toQueryDate(undefined)).toBeUndefined();
    expect(toQueryDate('')).toBeUndefined();
    expect(toQueryDate('03/07/2026')).toBeUndefined();
    expect(toQueryDate('2026-02-30')).toBeUndefined();
  });
});

describe('parseTagIds', () => {
  it('reads repeated (Home) and comma-separated (search panel) tag ids alike, once each', () => {
    expect(parseTagIds(['4', '9'])).toEqual([4, 9]);
    expect(parseTagIds(['4,9', '9'])).toEqual([4, 9]);
  });

  it('ignores values that are not ids', () => {
    expect(parseTagIds(['x', '0', '-2', '', '3.5', '7'])).toEqual([7]);
  });
});

describe('toDocumentsQuery', () => {
  const filters = {
    clientId: '12',
    clientName: 'Acme LLC',
    displayName: '  invoice ',
    serviceId: '3',
    status: '2',
    creationTimeFrom: '2026-01-05',
    creationTimeTo: '2026-02-01',
    creatorUserId: '8',
    creatorName: 'Ada Lovelace',
  };

  it('sends every filter the screen offers, trimmed, as the API names them, without the labels', () => {
    expect(toDocumentsQuery(filters, [4, 9], { withClient: true, withStatus: true })).toEqual({
      clientId: 12,
      displayName: 'invoice',
      tags: [4, 9],
      serviceId: 3,
      status: 2,
      creationTimeFrom: '1-5-2026',
      creationTimeTo: '2-1-2026',
      creatorUserId: 8,
    });
  });

  it("leaves out the client and the status where the caller's side has no such filter", () => {
    const query = toDocumentsQuery(filters, [], { withClient: false, withStatus: false });
    expect(query.clientId).toBeUndefined();
    expect(query.status).toBeUndefined();
    expect(query.tags).toBeUndefined();
    expect(query.serviceId).toBe(3);
  });

  it('treats "all" statuses, unknown statuses and blank names as no filter', () => {
    const query = toDocumentsQuery({ status: '', displayName: '   ' }, [], { withClient: true, withStatus: true });
    expect(query.status).toBeUndefined();
    expect(query.displayName).toBeUndefined();
    expect(toDocumentsQuery({ status: '7' }, [], { withClient: true, withStatus: true }).status).toBeUndefined();
  });
});
