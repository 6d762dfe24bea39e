import type { CatalogServiceDto, ServiceDto } from '@ledgerport/shared';
import { Button } from '@mantine/core';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ClientsSearchPanel } from '@/features/clients/components/clients-search-panel';
import { useChangeServiceStatus } from '@/features/services/api/change-service-status';
import { jsonResponse, renderWithProviders } from '@/testing/test-utils';

const PAYROLL: ServiceDto = {
  id: 12,
  version: '1',
  name: 'payroll',
  displayName: 'Payroll',
  departmentId: 1,
  departmentDisplayName: 'Tax',
  color: '#000000',
  isActive: true,
  listIcon: null,
};
const catalog = (service: ServiceDto): CatalogServiceDto => ({
  id: service.id,
  name: service.name,
  displayName: service.displayName,
  color: service.color,
  departmentId: service.departmentId,
});

/** A fake API whose active services are what the services admin left active. */
function stubApi() {
  const active = new Map<number, ServiceDto>([[PAYROLL.id, PAYROLL]]);
  const fetchMock = vi.fn(async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    const method = init?.method ?? 'GET';
    if (url.pathname.endsWith('/document/services/all')) return jsonResponse([...active.values()].map(catalog));
    if (url.pathname.endsWith('/identity/users/advisors/all') || url.pathname.endsWith('/company/states/all')) {
      return jsonResponse([]);
    }
    const deactivate = /\/document\/services\/(\d+)\/deactivate$/.exec(url.pathname);
    if (deactivate && method === 'PATCH') {
      const service = active.get(Number(deactivate[1]))!;
      active.delete(service.id);
      return jsonResponse({ ...service, isActive: false });
    }
    throw new Error(`Unexpected ${method} ${url.pathname}`);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The services admin's deactivate action, as the Services screen runs it. */
function DeactivatePayroll() {
  const change = useChangeServiceStatus();
  return <Button onClick={() => change.mutate(PAYROLL)}>Deactivate Payroll</Button>;
}

afterEach(() => vi.unstubAllGlobals());

describe('reference data', () => {
  it('a service the admin deactivates leaves the service picker of another screen', async () => {
    const fetchMock = stubApi();
    const user = userEvent.setup();
    renderWithProviders(
      <>
        <DeactivatePayroll />
        <ClientsSearchPanel opened filters={{}} onSearch={vi.fn()} onClear={vi.fn()} />
      </>,
    );

    await user.click(screen.getByRole('combobox', { name: 'Service' }));
    expect(await screen.findByRole('option', { name: 'Payroll', hidden: true })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Deactivate Payroll' }));

    await waitFor(() => expect(screen.queryByRole('option', { name: 'Payroll', hidden: true })).toBeNull());
    const servicesCalls = fetchMock.mock.calls.filter(([input]) => String(input).includes('/document/services/all'));
    expect(servicesCalls).toHaveLength(2);
  });
});
