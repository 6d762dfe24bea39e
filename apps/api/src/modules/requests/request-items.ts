import {
  acceptsFiles,
  ERROR_CODE,
  requestItemTagProblems,
  type RequestItemData,
  type TagRuleGroup,
} from '@ledgerport/shared';
import { BadRequestError } from '../../lib/errors.js';

/**
 * A documents item's tags follow the upload's rules for the service, with activated groups left
 * open for the client's upload (`requestItemTagProblems`). Answer-only items carry none (the
 * contract refuses them). Throws the problems, each naming its item.
 */
export function checkItemTags(
  groups: readonly TagRuleGroup[],
  items: readonly RequestItemData[],
  serviceId: number,
): void {
  const details = items.flatMap((item, index) =>
    acceptsFiles(item.kind)
      ? requestItemTagProblems(groups, serviceId, item.tagIds).map((problem) => ({
          in: 'body',
          field: `items.${index}.tagIds`,
          message: problem.code,
          ...problem,
        }))
      : [],
  );
  if (details.length > 0) {
    throw new BadRequestError('The tags do not follow the tag rules.', ERROR_CODE.validation, details);
  }
}
