/** Where the next batch of an export starts: `offset` rows in (a page of the list's own query). */
export interface ExportPage {
  limit: number;
  offset: number;
}

/**
 * The rows of an export, a batch at a time, for a workbook writer to consume (DESIGN.md section 10).
 * The first batch is read before this resolves, so a failing query still gets a proper error answer
 * before anything is sent; each later batch is read only when the writer asks for it, so the whole
 * result is never in memory. A batch shorter than `batchSize` is the last.
 *
 * `read` pages either way: OFFSET (`page.offset`) where the list's own paging is reused, or keyset
 * after `last`, the previous batch's last row (undefined for the first), which starts each batch in
 * the index where the last one stopped however deep the export goes. `map` turns a batch of rows into
 * what the writer takes (DTOs).
 */
export async function exportBatches<Row, Item>({
  batchSize,
  read,
  map,
}: {
  batchSize: number;
  read: (page: ExportPage, last: Row | undefined) => Promise<Row[]>;
  map: (rows: Row[]) => Item[] | Promise<Item[]>;
}): Promise<AsyncGenerator<Item[]>> {
  const first = await read({ limit: batchSize, offset: 0 }, undefined);
  return (async function* () {
    let batch = first;
    for (let offset = 0; batch.length > 0;) {
      yield await map(batch);
      if (batch.length < batchSize) return;
      offset += batchSize;
      batch = await read({ limit: batchSize, offset }, batch.at(-1));
    }
  })();
}
