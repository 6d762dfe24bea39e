import { describe, expect, it } from 'vitest';
import { DOCUMENT_VALIDATION } from './documents.schema.js';
import {
  activatedGroupIds,
  mainTagsForService,
  toggleTag,
  validateTagSelection,
  type TagRuleGroup,
} from './tag-selection.js';

const TAX = 1;
const PAYROLL = 2;
const NO_TAGS_SERVICE = 9;

const groups: TagRuleGroup[] = [
  {
    id: 10,
    isMainTagGroup: true,
    tags: [
      { id: 100, tagGroupId: 10, servicesItDepends: [TAX], tagGroupsItActivates: [30] },
      { id: 101, tagGroupId: 10, servicesItDepends: [TAX, PAYROLL], tagGroupsItActivates: [20, 30] },
      { id: 102, tagGroupId: 10, servicesItDepends: [PAYROLL], tagGroupsItActivates: [] },
    ],
  },
  {
    id: 20,
    isMainTagGroup: false,
    tags: [
      { id: 200, tagGroupId: 20, servicesItDepends: [], tagGroupsItActivates: [] },
      { id: 201, tagGroupId: 20, servicesItDepends: [], tagGroupsItActivates: [] },
    ],
  },
  {
    id: 30,
    isMainTagGroup: false,
    tags: [
      { id: 300, tagGroupId: 30, servicesItDepends: [], tagGroupsItActivates: [] },
      { id: 301, tagGroupId: 30, servicesItDepends: [], tagGroupsItActivates: [] },
    ],
  },
];

describe('tag selection', () => {
  it('offers the main-group tags of the chosen service only', () => {
    expect(mainTagsForService(groups, TAX).map((t) => t.id)).toEqual([100, 101]);
    expect(mainTagsForService(groups, PAYROLL).map((t) => t.id)).toEqual([101, 102]);
    expect(mainTagsForService(groups, null)).toEqual([]);
  });

  it('choosing a main-group tag resets the other choices and activates its groups', () => {
    const withYear = toggleTag(groups, toggleTag(groups, [], 101), 300);
    expect(withYear).toEqual([101, 300]);
    expect(activatedGroupIds(groups, withYear)).toEqual([20, 30]);
    expect(toggleTag(groups, withYear, 100)).toEqual([100]);
    expect(activatedGroupIds(groups, [100])).toEqual([30]);
  });

  it('keeps one tag per group and un-picks a chosen tag', () => {
    expect(toggleTag(groups, [101, 300], 301)).toEqual([101, 301]);
    expect(toggleTag(groups, [101, 301], 301)).toEqual([101]);
    expect(toggleTag(groups, [101, 301], 101)).toEqual([]);
  });

  it('needs a main-group tag and one tag in every activated group', () => {
    expect(validateTagSelection(groups, TAX, [])).toEqual([
      { code: DOCUMENT_VALIDATION.mainTagRequired, tagGroupId: 10 },
    ]);
    expect(validateTagSelection(groups, TAX, [101, 300])).toEqual([
      { code: DOCUMENT_VALIDATION.tagRequiredInGroup, tagGroupId: 20 },
    ]);
    expect(validateTagSelection(groups, TAX, [101, 200, 300])).toEqual([]);
    expect(validateTagSelection(groups, PAYROLL, [102])).toEqual([]);
  });

  it('refuses tags of another service, of groups not activated, two in a group and unknown ids', () => {
    expect(validateTagSelection(groups, PAYROLL, [100]).map((p) => p.code)).toContain(
      DOCUMENT_VALIDATION.tagNotAvailable,
    );
    expect(validateTagSelection(groups, PAYROLL, [102, 200]).map((p) => p.code)).toEqual([
      DOCUMENT_VALIDATION.tagNotAvailable,
    ]);
    expect(validateTagSelection(groups, TAX, [101, 200, 201, 300]).map((p) => p.code)).toEqual([
      DOCUMENT_VALIDATION.oneTagPerGroup,
    ]);
    expect(validateTagSelection(groups, TAX, [100, 300, 999]).map((p) => p.code)).toEqual([
      DOCUMENT_VALIDATION.tagNotAvailable,
    ]);
  });

  it('needs no tag for a service without main-group tags', () => {
    expect(validateTagSelection(groups, NO_TAGS_SERVICE, [])).toEqual([]);
  });
});
