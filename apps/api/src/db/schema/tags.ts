import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { services } from './organisation.js';

export const tagGroups = pgTable(
  'tag_groups',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    name: text().notNull(),
    displayName: text().notNull(),
    isMainTagGroup: boolean().notNull().default(false),
    color: text().notNull(),
    ordinal: integer().notNull(),
  },
  (t) => [
    uniqueIndex('tag_groups_name_key').on(sql`lower(${t.name})`),
    uniqueIndex('tag_groups_display_name_key').on(sql`lower(${t.displayName})`),
    // At most one main tag group.
    uniqueIndex('tag_groups_single_main_key')
      .on(t.isMainTagGroup)
      .where(sql`${t.isMainTagGroup}`),
  ],
);

export const tags = pgTable(
  'tags',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    tagGroupId: integer()
      .notNull()
      .references(() => tagGroups.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    displayName: text().notNull(),
    isActive: boolean().notNull().default(true),
    /** Base64 PNG shown on the home screen's tag cards; null means the default icon. */
    listIcon: text(),
  },
  (t) => [
    uniqueIndex('tags_group_name_key').on(t.tagGroupId, sql`lower(${t.name})`),
    uniqueIndex('tags_group_display_name_key').on(t.tagGroupId, sql`lower(${t.displayName})`),
  ],
);

/** Main-group tags only: the services a tag applies to (spec 01 section 3, servicesItDepends). */
export const tagServices = pgTable(
  'tag_services',
  {
    tagId: integer()
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
    serviceId: integer()
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.tagId, t.serviceId] }), index('tag_services_service_idx').on(t.serviceId)],
);

/** Main-group tags only: the tag groups choosing this tag makes available (tagGroupsItActivates). */
export const tagActivatedGroups = pgTable(
  'tag_activated_groups',
  {
    tagId: integer()
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
    tagGroupId: integer()
      .notNull()
      .references(() => tagGroups.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.tagId, t.tagGroupId] })],
);
