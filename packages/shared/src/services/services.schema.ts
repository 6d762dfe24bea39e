import { z } from 'zod';
import { TEXT_LIMIT } from '../common/constants.js';
import { booleanQuery, idSchema, listQuerySchema, pagedSchema } from '../common/list.schema.js';
import {
  SERVICE_ICON_MAX_BASE64_LENGTH,
  base64DecodedLength,
  isPngBase64,
  SERVICE_ICON_MAX_BYTES,
} from './service-icon.js';

export { SERVICE_ICON_MAX_BYTES, SERVICE_ICON_MIME_TYPE, isPngBase64 } from './service-icon.js';

/** Spec 01 section 3: "Default colour is a grey-blue". */
export const SERVICE_DEFAULT_COLOR = '#607D8B';
export const SERVICE_COLOR_PATTERN = /^#[0-9A-Fa-f]{6}$/;

/**
 * Spec 01 section 3 (Service). `listIcon` is base64 PNG; null means the default icon. `version` is
 * the row's version (its ETag): sent back as If-Match, a save over a newer one answers 412.
 */
export const serviceDtoSchema = z.object({
  id: z.number().int(),
  version: z.string(),
  name: z.string(),
  displayName: z.string(),
  departmentId: z.number().int(),
  departmentDisplayName: z.string(),
  color: z.string(),
  isActive: z.boolean(),
  listIcon: z.string().nullable(),
});
export type ServiceDto = z.infer<typeof serviceDtoSchema>;
export const pagedServicesSchema = pagedSchema(serviceDtoSchema);

export const SERVICE_SORT_KEYS = ['name', 'displayName', 'departmentDisplayName', 'isActive'] as const;

/**
 * Name and display name filters are "contains", case-insensitive. Icons are left out of the list
 * (null) unless `includeIcons` asks for them, as in `document/services/all?includeIcons=true`.
 */
export const listServicesQuerySchema = listQuerySchema.extend({
  name: z.string().trim().max(TEXT_LIMIT.name).optional(),
  displayName: z.string().trim().max(TEXT_LIMIT.name).optional(),
  departmentId: idSchema.optional(),
  isActive: booleanQuery.optional(),
  includeIcons: booleanQuery.optional(),
});
export type ListServicesQuery = z.infer<typeof listServicesQuerySchema>;

export const SERVICE_ICON_ERROR = {
  tooLarge: `The icon must be at most ${SERVICE_ICON_MAX_BYTES / 1024} KB.`,
  notPng: 'The icon must be a PNG image.',
} as const;

/** A PNG of at most SERVICE_ICON_MAX_BYTES, checked on its bytes after base64 decoding. */
export const serviceIconSchema = z.string().superRefine((value, context) => {
  // Length first: a huge text is refused before anything walks through it.
  if (value.length > SERVICE_ICON_MAX_BASE64_LENGTH) {
    context.addIssue({ code: 'custom', message: SERVICE_ICON_ERROR.tooLarge });
  } else if (!isPngBase64(value)) {
    context.addIssue({ code: 'custom', message: SERVICE_ICON_ERROR.notPng });
  } else if (base64DecodedLength(value) > SERVICE_ICON_MAX_BYTES) {
    context.addIssue({ code: 'custom', message: SERVICE_ICON_ERROR.tooLarge });
  }
});

/** Create and edit (spec 01 section 5): name, display name, department and colour are required. */
export const serviceInputSchema = z.object({
  name: z.string().trim().min(1).max(TEXT_LIMIT.name),
  displayName: z.string().trim().min(1).max(TEXT_LIMIT.name),
  departmentId: idSchema,
  color: z.string().trim().regex(SERVICE_COLOR_PATTERN),
  listIcon: serviceIconSchema.nullish(),
});
export type ServiceInput = z.infer<typeof serviceInputSchema>;

export const serviceNameParamsSchema = z.object({ name: z.string().trim().min(1).max(TEXT_LIMIT.name) });
export const serviceDisplayNameParamsSchema = z.object({
  displayName: z.string().trim().min(1).max(TEXT_LIMIT.name),
});
