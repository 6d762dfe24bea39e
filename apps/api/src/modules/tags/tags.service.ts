import {
  TAG_ERROR,
  type CreateTagInput,
  type DropdownOption,
  type ListTagGroupsQuery,
  type ReorderTagGroupsInput,
  type TagDto,
  type TagGroupDto,
  type TagGroupInput,
  type TagGroupList,
  type TagInput,
  type TagInUseDetails,
} from '@ledgerport/shared';
import type { Db, DbOrTx } from '../../db/client.js';
import { AppError, BadRequestError, ConflictError, NotFoundError } from '../../lib/errors.js';
import type { RequestContext } from '../../lib/request-context.js';
import { StaleVersionError } from '../../lib/row-version.js';
import { AUDIT_ACTION, type AuditAction, type AuditLog } from '../audit/index.js';
import type { TagGroupRow, TagRow, TagsRepository } from './tags.repository.js';

/** Who makes a change, for the audit trail. */
export interface Actor {
  userId: number;
  context: RequestContext;
}

const TAG_GROUP = 'tag-group';
const FOREIGN_KEY_VIOLATION = '23503';

function isForeignKeyViolation(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 3; depth++) {
    if ((current as { code?: unknown }).code === FOREIGN_KEY_VIOLATION) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * document_tags.tagId is ON DELETE RESTRICT: a tag on a document keeps its meaning in that
 * document's history. The check answers clearly, with how many documents use the tag (409
 * TAG_IN_USE, `details.documentCount`); the constraint still decides a race, counted again then.
 */
async function refusingInUse<T>(
  message: (documentCount: number) => string,
  countUsing: () => Promise<number>,
  run: () => Promise<T>,
): Promise<T> {
  const refuse = (documentCount: number) =>
    new AppError(409, TAG_ERROR.inUse, message(documentCount), { documentCount } satisfies TagInUseDetails);
  const using = await countUsing();
  if (using > 0) throw refuse(using);
  try {
    return await run();
  } catch (error) {
    if (isForeignKeyViolation(error)) throw refuse(Math.max(1, await countUsing()));
    throw error;
  }
}

function documentsWord(count: number): string {
  return count === 1 ? '1 document' : `${count} documents`;
}

const TAG = 'tag';

function takenMessage(value: string): string {
  return `${value} is already taken. Try another.`;
}

/** Same shape as the validation errors' details, so the web app reads both alike. */
function invalidField(field: string, message: string): BadRequestError {
  return new BadRequestError(message, undefined, [{ in: 'body', field, message }]);
}

function toTagDto(row: TagRow): TagDto {
  return {
    id: row.id,
    version: row.version,
    tagGroupId: row.tagGroupId,
    name: row.name,
    displayName: row.displayName,
    isActive: row.isActive,
    servicesItDepends: row.servicesItDepends.map(Number),
    tagGroupsItActivates: row.tagGroupsItActivates.map(Number),
  };
}

function toGroupDto(row: TagGroupRow, tagRows: TagRow[]): TagGroupDto {
  return {
    id: row.id,
    version: row.version,
    name: row.name,
    displayName: row.displayName,
    isMainTagGroup: row.isMainTagGroup,
    color: row.color.toUpperCase(),
    ordinal: row.ordinal,
    tags: tagRows.filter((tag) => tag.tagGroupId === row.id).map(toTagDto),
  };
}

export type TagsService = ReturnType<typeof createTagsService>;

export function createTagsService({ db, tags, audit }: { db: Db; tags: TagsRepository; audit: AuditLog }) {
  const record = (
    actor: Actor,
    action: AuditAction,
    objectType: string,
    objectId: number | undefined,
    details: Record<string, unknown>,
    tx: DbOrTx,
  ) => audit.record(actor.context, { action, actorUserId: actor.userId, objectType, objectId, details }, tx);

  async function requireGroup(id: number, tx: DbOrTx = db): Promise<TagGroupRow> {
    const group = await tags.findGroupById(id, tx);
    if (!group) throw new NotFoundError('Tag group not found.');
    return group;
  }

  async function requireTag(id: number, tx: DbOrTx = db): Promise<TagRow> {
    const tag = await tags.findTagById(id, tx);
    if (!tag) throw new NotFoundError('Tag not found.');
    return tag;
  }

  async function groupDto(id: number, tx: DbOrTx = db): Promise<TagGroupDto> {
    const group = await requireGroup(id, tx);
    return toGroupDto(group, await tags.findTagsOfGroups([id], undefined, tx));
  }

  /** Locks the row and checks If-Match first in a save's transaction (412 when stale, 404 when gone). */
  async function lockGroup(id: number, expected: string[] | null, tx: DbOrTx): Promise<void> {
    if ((await tags.lockGroupVersion(id, expected, tx)) === null) throw new NotFoundError('Tag group not found.');
  }

  async function lockTag(id: number, expected: string[] | null, tx: DbOrTx): Promise<void> {
    if ((await tags.lockTagVersion(id, expected, tx)) === null) throw new NotFoundError('Tag not found.');
  }

  async function assertGroupValuesFree(
    input: { name: string; displayName: string },
    exceptId?: number,
    tx: DbOrTx = db,
  ) {
    for (const field of ['name', 'displayName'] as const) {
      if (await tags.isGroupValueTaken(field, input[field], exceptId, tx))
        throw new ConflictError(takenMessage(input[field]));
    }
  }

  async function assertTagValuesFree(
    tagGroupId: number,
    input: { name: string; displayName: string },
    exceptId?: number,
    tx: DbOrTx = db,
  ) {
    for (const field of ['name', 'displayName'] as const) {
      if (await tags.isTagValueTaken(tagGroupId, field, input[field], exceptId, tx)) {
        throw new ConflictError(takenMessage(input[field]));
      }
    }
  }

  /** A second main group would break the home screen and document upload, which read "the" main group. */
  async function assertCanBeMain(groupId: number | undefined, tx: DbOrTx = db) {
    const main = await tags.findMainGroup(tx);
    if (main && main.id !== groupId) {
      throw new ConflictError(
        `${main.displayName} is already the main tag group. Only one tag group can be the main one: unset it there first.`,
      );
    }
  }

  /**
   * Services and activated groups describe document kinds, which only the main group's tags are:
   * elsewhere they are refused rather than silently dropped.
   */
  async function checkLinks(
    group: TagGroupRow,
    input: { servicesItDepends: number[]; tagGroupsItActivates: number[] },
    tx: DbOrTx = db,
  ) {
    if (!group.isMainTagGroup) {
      if (input.servicesItDepends.length > 0) {
        throw invalidField('servicesItDepends', 'Only tags of the main tag group depend on services.');
      }
      if (input.tagGroupsItActivates.length > 0) {
        throw invalidField('tagGroupsItActivates', 'Only tags of the main tag group activate tag groups.');
      }
      return;
    }
    const services = await tags.findExistingServiceIds(input.servicesItDepends, tx);
    const unknownService = input.servicesItDepends.find((id) => !services.includes(id));
    if (unknownService !== undefined)
      throw invalidField('servicesItDepends', `Service ${unknownService} does not exist.`);
    if (input.tagGroupsItActivates.includes(group.id)) {
      throw invalidField('tagGroupsItActivates', 'A tag cannot activate its own tag group.');
    }
    const groups = await tags.findExistingGroupIds(input.tagGroupsItActivates, tx);
    const unknownGroup = input.tagGroupsItActivates.find((id) => !groups.includes(id));
    if (unknownGroup !== undefined) {
      throw invalidField('tagGroupsItActivates', `Tag group ${unknownGroup} does not exist.`);
    }
  }

  return {
    async listGroups(query: ListTagGroupsQuery): Promise<TagGroupList> {
      const groups = await tags.findGroups(query);
      const tagRows = await tags.findTagsOfGroups(
        groups.map((group) => group.id),
        query.isActive,
      );
      // Not paged (see listTagGroupsQuerySchema), so the count is the list's length.
      return { items: groups.map((group) => toGroupDto(group, tagRows)), totalCount: groups.length };
    },

    async groupOptions(): Promise<DropdownOption[]> {
      const rows = await tags.findGroupOptions();
      return rows.map((row) => ({ value: String(row.id), displayText: row.displayName }));
    },

    getGroup: (id: number) => groupDto(id),

    async isGroupValueAvailable(field: 'name' | 'displayName', value: string): Promise<boolean> {
      return !(await tags.isGroupValueTaken(field, value));
    },

    async createGroup(actor: Actor, input: TagGroupInput): Promise<TagGroupDto> {
      await assertGroupValuesFree(input);
      if (input.isMainTagGroup) await assertCanBeMain(undefined);
      const created = await db.transaction(async (tx) => {
        const row = await tags.insertGroup(
          { ...input, color: input.color.toUpperCase(), ordinal: await tags.nextOrdinal(tx) },
          tx,
        );
        await record(
          actor,
          AUDIT_ACTION.tagGroupCreated,
          TAG_GROUP,
          row.id,
          { name: row.name, isMainTagGroup: row.isMainTagGroup },
          tx,
        );
        return row;
      });
      return toGroupDto(created, []);
    },

    async updateGroup(
      actor: Actor,
      id: number,
      input: TagGroupInput,
      expected: string[] | null = null,
    ): Promise<TagGroupDto> {
      return db.transaction(async (tx) => {
        await lockGroup(id, expected, tx);
        const existing = await requireGroup(id, tx);
        await assertGroupValuesFree(input, id, tx);
        if (input.isMainTagGroup && !existing.isMainTagGroup) await assertCanBeMain(id, tx);
        await tags.updateGroup(id, { ...input, color: input.color.toUpperCase() }, tx);
        if (existing.isMainTagGroup && !input.isMainTagGroup) await tags.clearLinksOfGroup(id, tx);
        await record(
          actor,
          AUDIT_ACTION.tagGroupUpdated,
          TAG_GROUP,
          id,
          {
            before: { name: existing.name, displayName: existing.displayName, isMainTagGroup: existing.isMainTagGroup },
            after: input,
          },
          tx,
        );
        return groupDto(id, tx);
      });
    },

    /** Its tags go with it (cascade), unless a document carries one of them (409). */
    async deleteGroup(actor: Actor, id: number, expected: string[] | null = null): Promise<void> {
      const existing = await requireGroup(id);
      await refusingInUse(
        (count) => `${existing.displayName} has tags used by ${documentsWord(count)}; deactivate them instead.`,
        () => tags.countDocumentsUsing({ tagGroupId: id }),
        () =>
          db.transaction(async (tx) => {
            await lockGroup(id, expected, tx);
            if (!(await tags.deleteGroup(id, tx))) throw new NotFoundError('Tag group not found.');
            await record(actor, AUDIT_ACTION.tagGroupDeleted, TAG_GROUP, id, { name: existing.name }, tx);
          }),
      );
    },

    /**
     * The list must name every group exactly once, so a stale screen cannot drop a group from the
     * order. With `versions` (as the screen loaded them), a group saved since, or gone, refuses the
     * whole order (412, naming who changed it last) and nothing moves.
     */
    async reorderGroups(actor: Actor, input: ReorderTagGroupsInput): Promise<void> {
      await db.transaction(async (tx) => {
        const locked = await tags.lockAllGroups(tx);
        const versionOf = new Map(locked.map((group) => [group.id, group.version]));
        for (const [index, version] of (input.versions ?? []).entries()) {
          const id = input.ids[index]!;
          const currentVersion = versionOf.get(id);
          if (currentVersion === version) continue;
          const last = await tags.lastGroupChange(id, AUDIT_ACTION.tagGroupsReordered, tx);
          throw new StaleVersionError({ ...last, currentVersion: currentVersion ?? '' });
        }
        const current = locked.map((group) => group.id);
        const given = new Set(input.ids);
        if (current.length !== given.size || current.some((id) => !given.has(id))) {
          throw invalidField('ids', 'The list must name every tag group exactly once.');
        }
        await tags.setOrdinals(input.ids, tx);
        await record(actor, AUDIT_ACTION.tagGroupsReordered, TAG_GROUP, undefined, { ids: input.ids }, tx);
      });
    },

    async getTag(id: number): Promise<TagDto> {
      return toTagDto(await requireTag(id));
    },

    async isTagValueAvailable(tagGroupId: number, field: 'name' | 'displayName', value: string): Promise<boolean> {
      await requireGroup(tagGroupId);
      return !(await tags.isTagValueTaken(tagGroupId, field, value));
    },

    async createTag(actor: Actor, input: CreateTagInput): Promise<TagDto> {
      const group = await requireGroup(input.tagGroupId);
      await checkLinks(group, input);
      await assertTagValuesFree(group.id, input);
      return db.transaction(async (tx) => {
        const id = await tags.insertTag({ tagGroupId: group.id, name: input.name, displayName: input.displayName }, tx);
        await tags.replaceTagLinks(
          id,
          { serviceIds: input.servicesItDepends, tagGroupIds: input.tagGroupsItActivates },
          tx,
        );
        await record(actor, AUDIT_ACTION.tagCreated, TAG, id, { tagGroupId: group.id, name: input.name }, tx);
        return toTagDto(await requireTag(id, tx));
      });
    },

    async updateTag(actor: Actor, id: number, input: TagInput, expected: string[] | null = null): Promise<TagDto> {
      return db.transaction(async (tx) => {
        await lockTag(id, expected, tx);
        const existing = await requireTag(id, tx);
        const group = await requireGroup(existing.tagGroupId, tx);
        await checkLinks(group, input, tx);
        await assertTagValuesFree(group.id, input, id, tx);
        await tags.updateTag(id, { name: input.name, displayName: input.displayName }, tx);
        if (group.isMainTagGroup) {
          await tags.replaceTagLinks(
            id,
            { serviceIds: input.servicesItDepends, tagGroupIds: input.tagGroupsItActivates },
            tx,
          );
        }
        await record(
          actor,
          AUDIT_ACTION.tagUpdated,
          TAG,
          id,
          { before: { name: existing.name, displayName: existing.displayName }, after: input },
          tx,
        );
        return toTagDto(await requireTag(id, tx));
      });
    },

    /** Refused (409) while a document carries the tag. */
    async deleteTag(actor: Actor, id: number, expected: string[] | null = null): Promise<void> {
      const existing = await requireTag(id);
      await refusingInUse(
        (count) => `${existing.displayName} is used by ${documentsWord(count)}; deactivate it instead.`,
        () => tags.countDocumentsUsing({ tagId: id }),
        () =>
          db.transaction(async (tx) => {
            await lockTag(id, expected, tx);
            if (!(await tags.deleteTag(id, tx))) throw new NotFoundError('Tag not found.');
            await record(
              actor,
              AUDIT_ACTION.tagDeleted,
              TAG,
              id,
              { tagGroupId: existing.tagGroupId, name: existing.name },
              tx,
            );
          }),
      );
    },

    /**
     * Idempotent: activating an active tag answers with the tag and records nothing (after the
     * If-Match check: a stale version is refused even then, as the tag changed since it was loaded).
     */
    async setTagActive(actor: Actor, id: number, isActive: boolean, expected: string[] | null = null): Promise<TagDto> {
      return db.transaction(async (tx) => {
        await lockTag(id, expected, tx);
        const existing = await requireTag(id, tx);
        if (existing.isActive === isActive) return toTagDto(existing);
        await tags.setTagActive(id, isActive, tx);
        await record(
          actor,
          isActive ? AUDIT_ACTION.tagActivated : AUDIT_ACTION.tagDeactivated,
          TAG,
          id,
          { name: existing.name },
          tx,
        );
        return toTagDto(await requireTag(id, tx));
      });
    },
  };
}
