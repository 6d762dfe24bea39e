import { describe, expect, it } from 'vitest';
import { exportBatches, type ExportPage } from '../export-batches.js';

const ROWS = Array.from({ length: 7 }, (_, i) => ({ id: i + 1 }));

async function collect<T>(batches: AsyncIterable<T[]>): Promise<T[][]> {
  const all: T[][] = [];
  for await (const batch of batches) all.push(batch);
  return all;
}

describe('exportBatches', () => {
  it('pages by offset until a short batch, mapping each batch', async () => {
    const pages: Array<[ExportPage, number | undefined]> = [];
    const batches = await exportBatches({
      batchSize: 3,
      read: async (page, last: { id: number } | undefined) => {
        pages.push([page, last?.id]);
        return ROWS.slice(page.offset, page.offset + page.limit);
      },
      map: (rows) => rows.map((row) => row.id * 10),
    });
    expect(await collect(batches)).toEqual([[10, 20, 30], [40, 50, 60], [70]]);
    expect(pages).toEqual([
      [{ limit: 3, offset: 0 }, undefined],
      [{ limit: 3, offset: 3 }, 3],
      [{ limit: 3, offset: 6 }, 6],
    ]);
  });

  it('pages by keyset after the previous batch’s last row, and reads once more after a full last batch', async () => {
    const batches = await exportBatches({
      batchSize: 7,
      read: async ({ limit }, last: { id: number } | undefined) =>
        ROWS.filter((row) => row.id > (last?.id ?? 0)).slice(0, limit),
      map: (rows) => rows,
    });
    expect(await collect(batches)).toEqual([ROWS]);
  });

  it('reads the first batch before it resolves, so a failing query fails before anything is sent', async () => {
    const failing = exportBatches({ batchSize: 3, read: () => Promise.reject(new Error('down')), map: (rows) => rows });
    await expect(failing).rejects.toThrow('down');
    let reads = 0;
    const batches = await exportBatches({
      batchSize: 3,
      read: async ({ offset, limit }) => {
        reads += 1;
        return ROWS.slice(offset, offset + limit);
      },
      map: (rows) => rows,
    });
    expect(reads).toBe(1);
    expect(await collect(batches)).toHaveLength(3);
  });

  it('yields nothing for no rows', async () => {
    const batches = await exportBatches({ batchSize: 3, read: async () => [], map: (rows) => rows });
    expect(await collect(batches)).toEqual([]);
  });
});
