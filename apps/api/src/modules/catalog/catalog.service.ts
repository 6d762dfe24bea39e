import { hasPermission, type CatalogServiceDto, type CatalogTagDto } from '@ledgerport/shared';
import { ForbiddenError, NotFoundError } from '../../lib/errors.js';
import type { Principal } from '../auth/index.js';
import { clientScopeOf } from '../clients/index.js';
import type { CatalogRepository } from './catalog.repository.js';

export type CatalogService = ReturnType<typeof createCatalogService>;

type ServiceRow = Awaited<ReturnType<CatalogRepository['findActiveServices']>>[number];

function toServiceDto(row: ServiceRow): CatalogServiceDto {
  const dto: CatalogServiceDto = {
    id: row.id,
    name: row.name,
    displayName: row.displayName,
    color: row.color,
    departmentId: row.departmentId,
  };
  if ('listIcon' in row) dto.listIcon = row.listIcon as string | null;
  return dto;
}

export function createCatalogService({ catalog }: { catalog: CatalogRepository }) {
  return {
    async listServices({ includeIcons = false }: { includeIcons?: boolean }): Promise<CatalogServiceDto[]> {
      const rows = await catalog.findActiveServices(includeIcons);
      return rows.map(toServiceDto);
    },

    /**
     * A client's services. Client users see only the clients they own or collaborate on (anything
     * else is 404); staff need client:list and see any client's.
     */
    async listClientServices(
      principal: Principal,
      clientId: number,
      { includeIcons = false }: { includeIcons?: boolean },
    ): Promise<CatalogServiceDto[]> {
      if (!principal.isClient && !hasPermission(principal.permissions, 'client:list')) throw new ForbiddenError();
      const scope = clientScopeOf(principal);
      const client = await catalog.findClient(clientId, scope);
      // A client user's own clients count only while active.
      if (!client || (principal.isClient && !client.isActive)) throw new NotFoundError('Client not found.');
      // A collaborator sees only the services the owner's client granted them.
      const grantedTo = principal.isClient && client.ownerUserId !== principal.userId ? principal.userId : undefined;
      const rows = await catalog.findActiveServicesOfClient(clientId, scope, includeIcons, grantedTo);
      return rows.map(toServiceDto);
    },

    async listMainGroupTagsOfService(serviceId: number): Promise<CatalogTagDto[]> {
      if (!(await catalog.serviceExists(serviceId))) throw new NotFoundError('Service not found.');
      return catalog.findMainGroupTagsOfService(serviceId);
    },
  };
}
