import { ERROR_CODE, staleVersionDetailsSchema, type StaleVersionDetails } from '@ledgerport/shared';
import type { TFunction } from 'i18next';
import { useRef, useState } from 'react';
import { isApiError } from './api-client';
import { DATE_FORMAT, formatDate } from './dates';

/** The details of a 412 STALE_VERSION (someone saved the object after it was loaded), else null. */
export function staleVersionOf(error: unknown): StaleVersionDetails | null {
  if (!isApiError(error, 412) || error.code !== ERROR_CODE.staleVersion) return null;
  const parsed = staleVersionDetailsSchema.safeParse(error.details);
  return parsed.success ? parsed.data : { changedBy: null, changedAt: null, currentVersion: '' };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * After a conflict: the fields the other person changed (theirs differ from what this form loaded)
 * come from their version; every other field keeps what this person typed. Saving the result keeps
 * both people's changes. `changed` names the fields taken from theirs.
 */
export function mergeAfterConflict<V extends object>(
  loaded: V,
  mine: V,
  theirs: V,
): { values: V; changed: Array<keyof V> } {
  const values = { ...mine };
  const changed: Array<keyof V> = [];
  for (const key of Object.keys(loaded) as Array<keyof V>) {
    if (!same(loaded[key], theirs[key])) {
      values[key] = theirs[key];
      changed.push(key);
    }
  }
  return { values, changed };
}

export interface SaveConflict<V> {
  details: StaleVersionDetails;
  /** The other person's version of the form's values, and its version to save over on purpose. */
  theirs: V;
  theirVersion: string;
  /** The fields they changed since this form loaded. */
  changed: Array<keyof V>;
}

/**
 * An edit form's side of conditional saves (issue 21 item 2): the version it loaded (sent as
 * If-Match), and after a 412 the other person's version with the fields they changed. `takeTheirs`
 * puts those fields into the form and keeps every other field as typed, so the next save keeps both
 * people's changes; `overwriteVersion` is the version to send when the person saves theirs over.
 * `comparable` turns values into what is compared (form-only keys such as row ids left out).
 */
export function useSaveConflict<V extends object>(
  initialVersion: string | undefined,
  initialValues: V,
  comparable: (values: V) => object,
) {
  const [version, setVersion] = useState(initialVersion);
  const loaded = useRef(initialValues);
  const [conflict, setConflict] = useState<SaveConflict<V> | null>(null);

  return {
    version,
    conflict,
    /** The values to put into the form: their changed fields, the rest as typed. */
    takeTheirs(mine: V): V {
      if (!conflict) return mine;
      const values = { ...mine };
      for (const key of conflict.changed) values[key] = conflict.theirs[key];
      loaded.current = conflict.theirs;
      setVersion(conflict.theirVersion);
      setConflict(null);
      return values;
    },
    overwriteVersion: () => conflict?.theirVersion ?? version,
    /**
     * For a save's catch: when `error` is a 412, fetches the other person's version and shows the
     * conflict (what was typed stays in the form) and answers true; any other error answers false.
     */
    async catchStale(error: unknown, latest: () => Promise<{ values: V; version: string }>): Promise<boolean> {
      const details = staleVersionOf(error);
      if (!details) return false;
      const theirs = await latest();
      const { changed } = mergeAfterConflict(comparable(loaded.current), {}, comparable(theirs.values));
      setConflict({ details, theirs: theirs.values, theirVersion: theirs.version, changed: changed as Array<keyof V> });
      return true;
    },
  };
}

export type SaveConflicts<V extends object> = ReturnType<typeof useSaveConflict<V>>;

/**
 * The versions a list shows for `ids` (sent beside them with a bulk change, one per id), or
 * undefined when one of them is not on the list (the change is then sent without versions).
 */
export function listedVersions(
  ids: readonly number[] | null,
  rows: ReadonlyArray<{ id: number; version: string }> | undefined,
): string[] | undefined {
  const versions = (ids ?? []).map((id) => rows?.find((row) => row.id === id)?.version);
  return versions.every((version) => version !== undefined) ? (versions as string[]) : undefined;
}

/** "Ada Admin saved it on …", or "It was saved again after you opened it." when the trail names no one. */
export function savedByText(t: TFunction, details: StaleVersionDetails): string {
  return details.changedBy && details.changedAt
    ? t('common.conflict.byWhom', {
        name: details.changedBy.name,
        date: formatDate(details.changedAt, DATE_FORMAT.comment),
      })
    : t('common.conflict.bySomeone');
}
