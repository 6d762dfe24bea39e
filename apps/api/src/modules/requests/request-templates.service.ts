import {
  REQUEST_TEMPLATE_ERROR,
  type ListRequestTemplatesFilters,
  type Paged,
  type RequestTemplateData,
  type RequestTemplateDetails,
  type RequestTemplateListItem,
  type TagRuleGroup,
} from '@ledgerport/shared';
import type { Db, DbOrTx } from '../../db/client.js';
import { AppError, BadRequestError, NotFoundError } from '../../lib/errors.js';
import type { RequestContext } from '../../lib/request-context.js';
import { sanitizeRichText } from '../../lib/rich-text.js';
import { AUDIT_ACTION, type AuditLog } from '../audit/index.js';
import type { Principal } from '../auth/index.js';
import { checkItemTags } from './request-items.js';
import type { RequestTemplatesRepository } from './request-templates.repository.js';

const UNIQUE_VIOLATION = '23505';

function nameTaken(name: string): AppError {
  return new AppError(409, REQUEST_TEMPLATE_ERROR.nameTaken, `A template named "${name}" already exists.`);
}

export type RequestTemplatesService = ReturnType<typeof createRequestTemplatesService>;

/** Request templates (docs/requests.md): firm data managed under Administration. */
export function createRequestTemplatesService({
  db,
  repository,
  audit,
  activeTagGroups,
}: {
  db: Db;
  repository: RequestTemplatesRepository;
  audit: AuditLog;
  activeTagGroups: (tx?: DbOrTx) => Promise<TagRuleGroup[]>;
}) {
  type Row = NonNullable<Awaited<ReturnType<RequestTemplatesRepository['find']>>>;

  function listItem(row: Row): RequestTemplateListItem {
    return {
      id: row.id,
      version: row.version,
      name: row.name,
      title: row.title,
      service: { id: row.serviceId, displayName: row.serviceDisplayName },
      dueOffsetDays: row.dueOffsetDays,
      itemCount: row.itemCount,
    };
  }

  async function detailsOf(id: number, tx: DbOrTx = db): Promise<RequestTemplateDetails> {
    const row = await repository.find(id, tx);
    if (!row) throw new NotFoundError('Template not found.');
    return { ...listItem(row), description: row.description, items: await repository.items(id, tx) };
  }

  async function check(input: RequestTemplateData, exceptId: number | undefined, tx: DbOrTx) {
    if (!(await repository.isActiveService(input.serviceId, tx))) {
      throw new BadRequestError('The request is not valid.', undefined, [
        { in: 'body', field: 'serviceId', message: 'The service does not exist or is inactive.' },
      ]);
    }
    checkItemTags(await activeTagGroups(tx), input.items, input.serviceId);
    if (await repository.isNameTaken(input.name, exceptId, tx)) throw nameTaken(input.name);
  }

  function values(input: RequestTemplateData) {
    return {
      name: input.name,
      title: input.title,
      description: input.description === null ? null : sanitizeRichText(input.description),
      serviceId: input.serviceId,
      dueOffsetDays: input.dueOffsetDays,
    };
  }

  /** Two saves racing for one name: the unique index decides, and the loser hears why. */
  async function orNameTaken<T>(name: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      const code =
        (error as { code?: string; cause?: { code?: string } }).cause?.code ?? (error as { code?: string }).code;
      if (code === UNIQUE_VIOLATION) throw nameTaken(name);
      throw error;
    }
  }

  return {
    async list(filters: ListRequestTemplatesFilters): Promise<Paged<RequestTemplateListItem>> {
      const { rows, totalCount } = await repository.list(filters);
      return { items: rows.map(listItem), totalCount };
    },

    details: (id: number) => detailsOf(id),

    async create(caller: Pick<Principal, 'userId'>, context: RequestContext, input: RequestTemplateData) {
      return orNameTaken(input.name, () =>
        db.transaction(async (tx) => {
          await check(input, undefined, tx);
          const id = await repository.insert({ ...values(input), creatorUserId: caller.userId }, input.items, tx);
          await audit.record(
            context,
            {
              action: AUDIT_ACTION.requestTemplateCreated,
              actorUserId: caller.userId,
              objectType: 'request-template',
              objectId: id,
              details: { name: input.name, itemCount: input.items.length },
            },
            tx,
          );
          return detailsOf(id, tx);
        }),
      );
    },

    async update(
      caller: Pick<Principal, 'userId'>,
      context: RequestContext,
      id: number,
      input: RequestTemplateData,
      expected: string[] | null = null,
    ) {
      return orNameTaken(input.name, () =>
        db.transaction(async (tx) => {
          if ((await repository.lockVersion(id, expected, tx)) === null) throw new NotFoundError('Template not found.');
          await check(input, id, tx);
          await repository.update(id, values(input), input.items, tx);
          await audit.record(
            context,
            {
              action: AUDIT_ACTION.requestTemplateUpdated,
              actorUserId: caller.userId,
              objectType: 'request-template',
              objectId: id,
              details: { name: input.name, itemCount: input.items.length },
            },
            tx,
          );
          return detailsOf(id, tx);
        }),
      );
    },

    async delete(
      caller: Pick<Principal, 'userId'>,
      context: RequestContext,
      id: number,
      expected: string[] | null = null,
    ): Promise<void> {
      await db.transaction(async (tx) => {
        const template =
          (await repository.lockVersion(id, expected, tx)) === null ? undefined : await repository.find(id, tx);
        if (!template) throw new NotFoundError('Template not found.');
        const schedules = await repository.schedulesUsing(id, tx);
        if (schedules > 0) {
          throw new AppError(
            409,
            REQUEST_TEMPLATE_ERROR.inUse,
            `"${template.name}" is used by ${schedules === 1 ? 'a recurring request' : `${schedules} recurring requests`}: delete or change ${schedules === 1 ? 'it' : 'them'} first.`,
            { scheduleCount: schedules },
          );
        }
        await repository.delete(id, tx);
        await audit.record(
          context,
          {
            action: AUDIT_ACTION.requestTemplateDeleted,
            actorUserId: caller.userId,
            objectType: 'request-template',
            objectId: id,
            details: { name: template.name },
          },
          tx,
        );
      });
    },
  };
}
