import { DOCUMENT_VALIDATION } from './documents.schema.js';

/**
 * The tag-selection rule of upload and edit (spec 02 sections 4 and 5), one implementation for the
 * pickers and for the server's check:
 * - the main-group tags on offer are the active ones that apply to the chosen service;
 * - choosing a main-group tag resets every other choice and activates the groups that tag lists;
 * - one tag per group;
 * - valid when one main-group tag is chosen and one tag in every activated group. A service with no
 *   main-group tag at all needs no tag (there is nothing to choose; the upload must stay possible).
 */
export interface TagRuleTag {
  id: number;
  tagGroupId: number;
  servicesItDepends: readonly number[];
  tagGroupsItActivates: readonly number[];
}
export interface TagRuleGroup {
  id: number;
  isMainTagGroup: boolean;
  tags: readonly TagRuleTag[];
}

export interface TagSelectionProblem {
  code: (typeof DOCUMENT_VALIDATION)[keyof typeof DOCUMENT_VALIDATION];
  /** The group the problem is about (missing choice, two choices, unavailable tag). */
  tagGroupId?: number;
  tagId?: number;
}

function findTag(groups: readonly TagRuleGroup[], tagId: number): { tag: TagRuleTag; group: TagRuleGroup } | null {
  for (const group of groups) {
    const tag = group.tags.find((t) => t.id === tagId);
    if (tag) return { tag, group };
  }
  return null;
}

/** Main-group tags that apply to the service. */
export function mainTagsForService(groups: readonly TagRuleGroup[], serviceId: number | null): TagRuleTag[] {
  if (serviceId === null) return [];
  const main = groups.find((g) => g.isMainTagGroup);
  return main ? main.tags.filter((t) => t.servicesItDepends.includes(serviceId)) : [];
}

/** The non-main groups the chosen main-group tag activates, in the order the groups are given. */
export function activatedGroupIds(groups: readonly TagRuleGroup[], selected: readonly number[]): number[] {
  const mainTag = selected.map((id) => findTag(groups, id)).find((found) => found?.group.isMainTagGroup);
  if (!mainTag) return [];
  const activates = new Set(mainTag.tag.tagGroupsItActivates);
  return groups.filter((g) => !g.isMainTagGroup && activates.has(g.id)).map((g) => g.id);
}

/**
 * The selection after the user picks (or un-picks) `tagId`: a main-group tag replaces everything;
 * another tag replaces the choice in its own group; picking a chosen tag again removes it.
 */
export function toggleTag(groups: readonly TagRuleGroup[], selected: readonly number[], tagId: number): number[] {
  const found = findTag(groups, tagId);
  if (!found) return [...selected];
  if (selected.includes(tagId)) {
    // Removing the main-group tag also removes what it activated.
    return found.group.isMainTagGroup ? [] : selected.filter((id) => id !== tagId);
  }
  if (found.group.isMainTagGroup) return [tagId];
  const sameGroup = new Set(found.group.tags.map((t) => t.id));
  return [...selected.filter((id) => !sameGroup.has(id)), tagId];
}

/** Every problem with a selection for a service; empty when it may be saved. */
export function validateTagSelection(
  groups: readonly TagRuleGroup[],
  serviceId: number,
  selected: readonly number[],
): TagSelectionProblem[] {
  const problems: TagSelectionProblem[] = [];
  const offered = mainTagsForService(groups, serviceId);
  const activated = new Set(activatedGroupIds(groups, selected));
  const chosenPerGroup = new Map<number, number[]>();

  for (const tagId of selected) {
    const found = findTag(groups, tagId);
    const available =
      found !== null &&
      (found.group.isMainTagGroup ? offered.some((t) => t.id === tagId) : activated.has(found.group.id));
    if (!found || !available) {
      problems.push({ code: DOCUMENT_VALIDATION.tagNotAvailable, tagId, tagGroupId: found?.group.id });
      continue;
    }
    chosenPerGroup.set(found.group.id, [...(chosenPerGroup.get(found.group.id) ?? []), tagId]);
  }
  for (const [tagGroupId, ids] of chosenPerGroup) {
    if (ids.length > 1) problems.push({ code: DOCUMENT_VALIDATION.oneTagPerGroup, tagGroupId });
  }
  const main = groups.find((g) => g.isMainTagGroup);
  if (main && offered.length > 0 && !chosenPerGroup.has(main.id)) {
    problems.push({ code: DOCUMENT_VALIDATION.mainTagRequired, tagGroupId: main.id });
  }
  for (const tagGroupId of activated) {
    if (!chosenPerGroup.has(tagGroupId)) problems.push({ code: DOCUMENT_VALIDATION.tagRequiredInGroup, tagGroupId });
  }
  return problems;
}
