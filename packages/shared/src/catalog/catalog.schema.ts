import { z } from 'zod';
import { booleanQuery, idSchema } from '../common/list.schema.js';

/**
 * The read-only catalogue of services and main-group tags behind the home screen and the pickers
 * (spec 01 sections 2.10 and 7). Icons are base64 PNGs, null for the default icon, and are sent only
 * when asked for (`includeIcons=true`) because they make the answer many times larger.
 */
export const includeIconsQuerySchema = z.object({ includeIcons: booleanQuery.optional() });
export type IncludeIconsQuery = z.infer<typeof includeIconsQuerySchema>;

export const catalogServiceDtoSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  displayName: z.string(),
  color: z.string(),
  departmentId: z.number().int(),
  listIcon: z.string().nullable().optional(),
});
export type CatalogServiceDto = z.infer<typeof catalogServiceDtoSchema>;

export const catalogTagDtoSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  displayName: z.string(),
  listIcon: z.string().nullable(),
});
export type CatalogTagDto = z.infer<typeof catalogTagDtoSchema>;

export const clientServicesParamsSchema = z.object({ clientId: idSchema });
export const serviceTagsParamsSchema = z.object({ serviceId: idSchema });
