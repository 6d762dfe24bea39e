import { and, asc, eq, exists } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  clientCollaboratorServices,
  clientServices,
  clients,
  services,
  tagGroups,
  tagServices,
  tags,
} from '../../db/schema/index.js';
import { clientScopeCondition, type ClientScope } from '../clients/index.js';

export type CatalogRepository = ReturnType<typeof createCatalogRepository>;

/** Read-only queries over services and main-group tags: SQL only. */
export function createCatalogRepository({ db }: { db: DbOrTx }) {
  const serviceColumns = {
    id: services.id,
    name: services.name,
    displayName: services.displayName,
    color: services.color,
    departmentId: services.departmentId,
  };
  // Icons are base64 images: read only when asked for.
  const serviceSelection = (includeIcons: boolean) =>
    includeIcons ? { ...serviceColumns, listIcon: services.listIcon } : serviceColumns;

  return {
    findActiveServices(includeIcons: boolean, tx: DbOrTx = db) {
      return tx
        .select(serviceSelection(includeIcons))
        .from(services)
        .where(eq(services.isActive, true))
        .orderBy(asc(services.id));
    },

    /** With `grantedTo`, only the services granted to that collaborator (DESIGN.md section 5). */
    findActiveServicesOfClient(
      clientId: number,
      scope: ClientScope,
      includeIcons: boolean,
      grantedTo?: number,
      tx: DbOrTx = db,
    ) {
      const granted =
        grantedTo === undefined
          ? undefined
          : exists(
              tx
                .select({ one: clientCollaboratorServices.serviceId })
                .from(clientCollaboratorServices)
                .where(
                  and(
                    eq(clientCollaboratorServices.clientId, clientId),
                    eq(clientCollaboratorServices.userId, grantedTo),
                    eq(clientCollaboratorServices.serviceId, services.id),
                  ),
                ),
            );
      return tx
        .select(serviceSelection(includeIcons))
        .from(clientServices)
        .innerJoin(services, eq(services.id, clientServices.serviceId))
        .where(
          and(
            eq(clientServices.clientId, clientId),
            clientScopeCondition(tx, scope, clientServices.clientId),
            eq(services.isActive, true),
            granted,
          ),
        )
        .orderBy(asc(services.id));
    },

    /** The client if it is in scope, with what decides a client user's view of it. */
    async findClient(clientId: number, scope: ClientScope, tx: DbOrTx = db) {
      const [row] = await tx
        .select({ id: clients.id, isActive: clients.isActive, ownerUserId: clients.ownerUserId })
        .from(clients)
        .where(and(eq(clients.id, clientId), clientScopeCondition(tx, scope)))
        .limit(1);
      return row ?? null;
    },

    async serviceExists(serviceId: number, tx: DbOrTx = db): Promise<boolean> {
      const [row] = await tx.select({ id: services.id }).from(services).where(eq(services.id, serviceId)).limit(1);
      return row !== undefined;
    },

    /** Active tags of the main tag group that apply to the service. */
    findMainGroupTagsOfService(serviceId: number, tx: DbOrTx = db) {
      return tx
        .select({ id: tags.id, name: tags.name, displayName: tags.displayName, listIcon: tags.listIcon })
        .from(tags)
        .innerJoin(tagGroups, eq(tagGroups.id, tags.tagGroupId))
        .innerJoin(tagServices, eq(tagServices.tagId, tags.id))
        .where(and(eq(tagGroups.isMainTagGroup, true), eq(tags.isActive, true), eq(tagServices.serviceId, serviceId)))
        .orderBy(asc(tags.id));
    },
  };
}
