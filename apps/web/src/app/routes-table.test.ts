import { describe, expect, it } from 'vitest';
import { ROUTES, href } from './routes-table';

describe('href', () => {
  it('fills and encodes path parameters', () => {
    expect(href('LeadDetails', { id: 7 })).toBe('/leads/7/details');
    expect(href('EditClient', { clientType: 1, id: 3 })).toBe('/clients/1/3/edit');
    expect(href('ContinueCustomerOnboarding', { idHash: 'a/b' })).toBe('/customer-onboarding/a%2Fb');
  });

  it('adds the query, repeating arrays and leaving out empty values', () => {
    expect(href('ReceivedDocs', null, { serviceId: 1, tagId: [2, 3], empty: '', none: undefined })).toBe(
      '/received-docs?serviceId=1&tagId=2&tagId=3',
    );
    expect(href('Login', undefined, { redirect: '/clients?x=1' })).toBe('/login?redirect=%2Fclients%3Fx%3D1');
  });

  it('gives every signed-in route a permission', () => {
    for (const [name, definition] of Object.entries(ROUTES)) {
      if (definition.access === 'app') expect('permission' in definition, name).toBe(true);
    }
  });
});
