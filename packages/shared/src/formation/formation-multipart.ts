/**
 * Dotted multipart field names of the non-resident submission (spec 03 "Non-resident payload"):
 * `businessAddress.addressLine1`, `organizers[0].firstName`, `organizers[0].titles[1]`. The wizard
 * flattens its values with `toMultipartFields`; the API nests them back with `nestMultipartFields`.
 */

type FieldValue = string | number | boolean | null | undefined | FieldObject | FieldValue[];
interface FieldObject {
  [key: string]: FieldValue;
}

/** Every name the non-resident form carries, in its canonical case (names arrive in any case). */
const KNOWN_FIELD_NAMES = [
  'businessEntityType',
  'stateId',
  'legalName',
  'doingBusinessAs',
  'industryId',
  'otherIndustryName',
  'contactFirstName',
  'contactLastName',
  'contactEmailAddress',
  'contactPhoneNumber',
  'contactFax',
  'businessAddressType',
  'businessAddress',
  'addressLine1',
  'addressLine2',
  'city',
  'zipCode',
  'emailAddress',
  'phoneNumber',
  'organizers',
  'titles',
  'firstName',
  'lastName',
  'middleName',
  'shareOwnership',
  'isDirector',
  'mainPageOfPassport',
  'socialSecurityNumber',
  'socialSecurityFirstName',
  'socialSecurityLastName',
] as const;
const CANONICAL_NAME = new Map<string, string>(KNOWN_FIELD_NAMES.map((name) => [name.toLowerCase(), name]));

/** Bound on any list index in a name, so a crafted `organizers[99999999]` cannot allocate a huge array. */
export const MULTIPART_MAX_INDEX = 50;

export type MultipartPathSegment = string | number;

/**
 * `organizers[0].titles[1]` → `['organizers', 0, 'titles', 1]`, names in canonical case; null for a
 * name that is not part of the form (ignored by the server, like an unknown JSON property).
 */
export function parseMultipartFieldName(name: string): MultipartPathSegment[] | null {
  const path: MultipartPathSegment[] = [];
  for (const part of name.split('.')) {
    const match = /^([A-Za-z0-9]+)((?:\[\d{1,3}\])*)$/.exec(part);
    if (!match) return null;
    const canonical = CANONICAL_NAME.get(match[1]!.toLowerCase());
    if (!canonical) return null;
    path.push(canonical);
    for (const index of match[2]!.matchAll(/\[(\d+)\]/g)) {
      const value = Number(index[1]);
      if (value > MULTIPART_MAX_INDEX) return null;
      path.push(value);
    }
  }
  return path;
}

/** Sets a text value at a parsed path; returns false when the path collides with another shape. */
export function setMultipartValue(target: FieldObject, path: MultipartPathSegment[], value: string): boolean {
  let node: FieldObject | FieldValue[] = target;
  for (let i = 0; i < path.length - 1; i += 1) {
    const key = path[i]!;
    const nextIsIndex = typeof path[i + 1] === 'number';
    const current: FieldValue = (node as Record<string | number, FieldValue>)[key];
    if (current === undefined) {
      const created: FieldObject | FieldValue[] = nextIsIndex ? [] : {};
      (node as Record<string | number, FieldValue>)[key] = created;
      node = created;
    } else if (typeof current === 'object' && current !== null && Array.isArray(current) === nextIsIndex) {
      node = current;
    } else {
      return false;
    }
  }
  const last = path[path.length - 1]!;
  if ((node as Record<string | number, FieldValue>)[last] !== undefined) return false;
  (node as Record<string | number, FieldValue>)[last] = value;
  return true;
}

/** Nests `[name, value]` text parts into the object the non-resident schema reads. */
export function nestMultipartFields(entries: Iterable<readonly [string, string]>): FieldObject {
  const result: FieldObject = {};
  for (const [name, value] of entries) {
    const path = parseMultipartFieldName(name);
    if (path) setMultipartValue(result, path, value);
  }
  return result;
}

/**
 * The wizard's values as `[name, value]` parts, empty values left out (spec 03): nested objects become
 * dotted names, lists indexed names, booleans `true`/`false`.
 */
export function toMultipartFields(values: FieldObject, prefix = ''): Array<[string, string]> {
  const fields: Array<[string, string]> = [];
  const visit = (value: FieldValue, name: string) => {
    if (value === null || value === undefined || value === '') return;
    if (Array.isArray(value)) {
      value.forEach((item, index) => visit(item, `${name}[${index}]`));
    } else if (typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) visit(item, name ? `${name}.${key}` : key);
    } else {
      fields.push([name, String(value)]);
    }
  };
  visit(values, prefix);
  return fields;
}
