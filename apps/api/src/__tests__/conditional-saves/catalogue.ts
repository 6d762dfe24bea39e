import { D, unique, type CaseContext, type CaseModule } from './harness.js';

/** A service in the tax service's department (the demo firm's), with unique names. */
async function serviceBody({ call, admin, taxServiceId }: CaseContext, name: string) {
  const tax = await call(admin, 'GET', `${D}/services/${taxServiceId}`);
  return { name, displayName: `${name} shown`, departmentId: tax.json().departmentId as number, color: '#607D8B' };
}

async function newService(ctx: CaseContext) {
  const name = `Service ${unique()}`;
  const body = await serviceBody(ctx, name);
  return { id: await ctx.created(`${D}/services`, body), name };
}

const groupBody = (name: string) => ({ name, displayName: `${name} shown`, color: '#3949AB', isMainTagGroup: false });

const newGroup = (ctx: CaseContext) => ctx.created(`${D}/tag-groups`, groupBody(`Group ${unique()}`));

const tagBody = (name: string) => ({ name, displayName: `${name} shown` });

async function newTag(ctx: CaseContext) {
  const tagGroupId = await newGroup(ctx);
  return ctx.created(`${D}/tags`, { tagGroupId, ...tagBody(`Tag ${unique()}`) });
}

/** Conditional saves of services, tag groups and tags. */
export const catalogueCases: CaseModule = {
  cases: [
    {
      route: `PUT ${D}/services/:id`,
      make: async (ctx) => {
        const { id, name } = await newService(ctx);
        return {
          get: `${D}/services/${id}`,
          method: 'PUT',
          url: `${D}/services/${id}`,
          bodies: [await serviceBody(ctx, `${name} mine`), await serviceBody(ctx, `${name} theirs`)],
        };
      },
    },
    {
      route: `DELETE ${D}/services/:id`,
      make: async (ctx) => {
        const { id } = await newService(ctx);
        return { get: `${D}/services/${id}`, method: 'DELETE', url: `${D}/services/${id}` };
      },
    },
    {
      route: `PATCH ${D}/services/:id/activate`,
      make: async (ctx) => {
        const { id } = await newService(ctx);
        const off = await ctx.call(ctx.admin, 'PATCH', `${D}/services/${id}/deactivate`);
        if (off.statusCode !== 200) throw new Error(off.body);
        return { get: `${D}/services/${id}`, method: 'PATCH', url: `${D}/services/${id}/activate` };
      },
    },
    {
      route: `PATCH ${D}/services/:id/deactivate`,
      make: async (ctx) => {
        const { id } = await newService(ctx);
        return { get: `${D}/services/${id}`, method: 'PATCH', url: `${D}/services/${id}/deactivate` };
      },
    },
    {
      route: `PUT ${D}/tag-groups/:id`,
      make: async (ctx) => {
        const name = `Group ${unique()}`;
        const id = await ctx.created(`${D}/tag-groups`, groupBody(name));
        return {
          get: `${D}/tag-groups/${id}`,
          method: 'PUT',
          url: `${D}/tag-groups/${id}`,
          bodies: [groupBody(`${name} mine`), groupBody(`${name} theirs`)],
        };
      },
    },
    {
      route: `DELETE ${D}/tag-groups/:id`,
      make: async (ctx) => {
        const id = await newGroup(ctx);
        return { get: `${D}/tag-groups/${id}`, method: 'DELETE', url: `${D}/tag-groups/${id}` };
      },
    },
    {
      route: `PUT ${D}/tags/:id`,
      make: async (ctx) => {
        const id = await newTag(ctx);
        const name = `Tag ${unique()}`;
        return {
          get: `${D}/tags/${id}`,
          method: 'PUT',
          url: `${D}/tags/${id}`,
          bodies: [tagBody(`${name} mine`), tagBody(`${name} theirs`)],
        };
      },
    },
    {
      route: `DELETE ${D}/tags/:id`,
      make: async (ctx) => {
        const id = await newTag(ctx);
        return { get: `${D}/tags/${id}`, method: 'DELETE', url: `${D}/tags/${id}` };
      },
    },
    {
      route: `PATCH ${D}/tags/:id/activate`,
      make: async (ctx) => {
        const id = await newTag(ctx);
        const off = await ctx.call(ctx.admin, 'PATCH', `${D}/tags/${id}/deactivate`);
        if (off.statusCode !== 200) throw new Error(off.body);
        return { get: `${D}/tags/${id}`, method: 'PATCH', url: `${D}/tags/${id}/activate` };
      },
    },
    {
      route: `PATCH ${D}/tags/:id/deactivate`,
      make: async (ctx) => {
        const id = await newTag(ctx);
        return { get: `${D}/tags/${id}`, method: 'PATCH', url: `${D}/tags/${id}/deactivate` };
      },
    },
  ],
  guarded: {
    'PUT /api/v1/document/tag-groups/reorder':
      'conditional through its body, not If-Match (one ETag cannot stand for several groups): `versions` ' +
      'gives each group the version the screen loaded, and any stale one refuses the whole order with 412 ' +
      '(raced in modules/tags/__tests__/tags.routes.test.ts)',
  },
  pending: [],
};
