import { count, eq, sql } from 'drizzle-orm';
import type { ListCouponsQuery } from '@ledgerport/shared';
import type { DbOrTx } from '../../db/client.js';
import { coupons } from '../../db/schema/index.js';
import { orderByFromQuery } from '../../lib/list-query.js';
import { lockCurrentVersion, rowVersion } from '../../lib/row-version.js';

export type CouponsRepository = ReturnType<typeof createCouponsRepository>;
export type CouponRow = NonNullable<Awaited<ReturnType<CouponsRepository['findById']>>>;

const columns = {
  id: coupons.id,
  version: rowVersion(coupons),
  title: coupons.title,
  code: coupons.code,
  discountType: coupons.discountType,
  discountValue: coupons.discountValue,
  expirationDate: coupons.expirationDate,
  createdAt: coupons.createdAt,
  isActive: coupons.isActive,
  /** Decided by the database clock, the same one that stamps creation times. */
  isExpired: sql<boolean>`${coupons.expirationDate} < now()`,
};

const SORTABLE = {
  title: sql`lower(${coupons.title})`,
  code: sql`lower(${coupons.code})`,
  discountType: coupons.discountType,
  discountValue: coupons.discountValue,
  expirationDate: coupons.expirationDate,
  creationTime: coupons.createdAt,
  isActive: coupons.isActive,
};

/** Matches the lower(code) unique index, so lookups use it. */
const sameCode = (code: string) => sql`lower(${coupons.code}) = ${code.toLowerCase()}`;

export function createCouponsRepository({ db }: { db: DbOrTx }) {
  return {
    async findPage(query: ListCouponsQuery, tx: DbOrTx = db) {
      const [items, [total]] = await Promise.all([
        tx
          .select(columns)
          .from(coupons)
          .orderBy(...orderByFromQuery(SORTABLE, query, { key: 'creationTime', desc: true }, coupons.id))
          .limit(query.limit)
          .offset(query.offset),
        tx.select({ value: count() }).from(coupons),
      ]);
      return { items, totalCount: total?.value ?? 0 };
    },

    async findById(id: number, tx: DbOrTx = db) {
      const [row] = await tx.select(columns).from(coupons).where(eq(coupons.id, id)).limit(1);
      return row;
    },

    async findByCode(code: string, tx: DbOrTx = db) {
      const [row] = await tx.select(columns).from(coupons).where(sameCode(code)).limit(1);
      return row;
    },

    async isCodeTaken(code: string, tx: DbOrTx = db): Promise<boolean> {
      const [row] = await tx.select({ id: coupons.id }).from(coupons).where(sameCode(code)).limit(1);
      return row !== undefined;
    },

    async insert(
      values: {
        title: string;
        code: string;
        discountType: number;
        discountValue: string;
        expirationDate: Date;
        createdByUserId: number;
      },
      tx: DbOrTx = db,
    ) {
      const [created] = await tx.insert(coupons).values(values).returning({ id: coupons.id });
      return created!.id;
    },

    /**
     * The row as it was before the change (or undefined when there is none), so a no-op is not audited.
     * `expected`: the If-Match versions (null: unconditional); a stale one answers 412 (lib/row-version.ts).
     */
    async setActive(id: number, isActive: boolean, expected: string[] | null, tx: DbOrTx = db) {
      await lockCurrentVersion(tx, {
        table: coupons,
        where: eq(coupons.id, id),
        expected,
        objectType: 'coupon',
        objectId: id,
      });
      const [before] = await tx
        .select({ isActive: coupons.isActive, title: coupons.title, code: coupons.code })
        .from(coupons)
        .where(eq(coupons.id, id))
        .for('update')
        .limit(1);
      if (before && before.isActive !== isActive) await tx.update(coupons).set({ isActive }).where(eq(coupons.id, id));
      return before;
    },
  };
}
