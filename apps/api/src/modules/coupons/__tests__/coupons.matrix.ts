import { randomBytes } from 'node:crypto';
import { coupons } from '../../../db/schema/index.js';
import { all, only, type MatrixFixture, type MatrixRow } from '../../../testing/authorization-matrix.js';

// Only the admin holds coupon:* in the default roles (docs/permissions.md); verify is public (the
// formation payment page, spec 03), so everyone gets its answer.
const BASE = '/api/v1/company/coupons';
const uniqueCode = () => `M-${randomBytes(5).toString('hex')}`;
const inAWeek = () => new Date(Date.now() + 7 * 24 * 3600 * 1000);
const couponInput = () => ({
  title: 'Matrix coupon',
  code: uniqueCode(),
  discountType: 2,
  discountValue: 25,
  expirationDate: inAWeek().toISOString(),
});
const freshCoupon = async (f: MatrixFixture, isActive: boolean) => {
  const [row] = await f.db
    .insert(coupons)
    .values({
      title: 'Matrix coupon',
      code: uniqueCode(),
      discountType: 1,
      discountValue: '10.00',
      expirationDate: inAWeek(),
      isActive,
    })
    .returning({ id: coupons.id, code: coupons.code });
  return row!;
};

export const rows: MatrixRow[] = [
  { method: 'GET', route: BASE, expect: only({ admin: 200 }) },
  { method: 'POST', route: BASE, body: couponInput, expect: only({ admin: 201 }) },
  {
    method: 'PATCH',
    route: `${BASE}/:id/activate`,
    url: async (f) => `${BASE}/${(await freshCoupon(f, false)).id}/activate`,
    expect: only({ admin: 204 }),
  },
  {
    method: 'PATCH',
    route: `${BASE}/:id/deactivate`,
    url: async (f) => `${BASE}/${(await freshCoupon(f, true)).id}/deactivate`,
    expect: only({ admin: 204 }),
  },
  {
    method: 'GET',
    route: `${BASE}/code/:code/is-available`,
    url: () => `${BASE}/code/${uniqueCode()}/is-available`,
    expect: only({ admin: 200 }),
  },
  {
    method: 'GET',
    route: `${BASE}/:code/verify`,
    url: async (f) => `${BASE}/${(await freshCoupon(f, true)).code}/verify`,
    expect: all(200),
  },
];
