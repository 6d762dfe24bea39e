import { toNestErrors } from '@hookform/resolvers';
import type { TFunction } from 'i18next';
import type { FieldError, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { contractMessage } from './contract-messages';

/** A field's wording: one text for any rule it breaks, or one per rule (by zod issue code). */
export type FieldMessage = string | ((code: string) => string | undefined);

export interface FormResolverOptions<V> {
  messages?: Partial<Record<string, FieldMessage>>;
  contractMessages?: Record<string, string>;
  /** The request the form stands for, when the form holds its values in another shape. */
  toInput?: (values: V) => unknown;
  /** The form's field for a contract path (dotted), when the form names it differently. */
  fieldOf?: (path: string) => string;
  /**
   * The words for a broken rule nothing else words (instead of "This value is not valid" and the
   * e-mail text): a wizard whose controls can only be left empty, never filled wrongly, says
   * "This field is required".
   */
  otherwise?: string;
}

const pick = (message: FieldMessage | undefined, code: string) =>
  typeof message === 'function' ? message(code) : message;

/** A field's own wording: by its whole dotted path, then its last segment, then its first. */
const messageFor = (messages: Partial<Record<string, FieldMessage>>, path: string, code: string) => {
  const segments = path.split('.');
  return (
    pick(messages[path], code) ??
    pick(messages[segments[segments.length - 1]!], code) ??
    pick(messages[segments[0]!], code)
  );
};

const isBlank = (input: unknown) =>
  input === undefined || input === null || (typeof input === 'string' && input.trim() === '');

/**
 * Every form validates with the shared contract's schema; only the words are the web app's:
 * - an empty (or blank: the schema trims) field is "This field is required", whatever rule it broke,
 *   and so is a number below its minimum (an id that was never chosen: a cleared select is 0);
 * - a too long value is "This value is too long";
 * - any other rule says what `messages` gives for its field (by dotted path or field name), an
 *   e-mail rule says "Please enter a valid email address", anything else "This value is not valid";
 * - the contract's own messages (codes such as "REQUIRED", or its English wording) outrank an error
 *   map: they are replaced by `contractMessages`, else by the catalogue's text for them
 *   (lib/contract-messages), and a custom rule without one by `messages`.
 * zod 4 leaves the input out of the issues it returns; only the error map sees it, so a form never
 * maps issues by hand.
 *
 * `V` names the form's values when its controls hold a looser shape than the contract's input (a
 * number field holds '' until something is typed, a select holds text the schema coerces); what
 * passes is still the contract's output.
 */
export function formResolver<S extends z.ZodType<FieldValues, FieldValues>, V extends FieldValues = z.input<S>>(
  schema: S,
  t: TFunction,
  messages: Partial<Record<string, FieldMessage>> = {},
  contractMessages: Record<string, string> = {},
): Resolver<V, unknown, z.output<S>> {
  return buildResolver<V>(schema, t, { messages, contractMessages }) as Resolver<V, unknown, z.output<S>>;
}

/**
 * The same words for a form whose values are not the request: `toInput` turns them into it and
 * `fieldOf` names the form's field for a contract path. Valid values pass through as the form's own.
 */
export function shapedFormResolver<V extends FieldValues>(
  schema: z.ZodType,
  t: TFunction,
  options: FormResolverOptions<V> & { toInput: (values: V) => unknown },
): Resolver<V> {
  return buildResolver(schema, t, options) as Resolver<V>;
}

function buildResolver<V extends FieldValues>(
  schema: z.ZodType,
  t: TFunction,
  { messages = {}, contractMessages = {}, toInput, fieldOf = (path) => path, otherwise }: FormResolverOptions<V>,
): Resolver<V, unknown, FieldValues> {
  const errorMap = (issue: z.core.$ZodRawIssue): string | undefined => {
    const path = (issue.path ?? []).map(String).join('.');
    if (isBlank(issue.input)) return t('common.validation.required');
    if (issue.code === 'too_big') return t('common.validation.tooLong');
    if (issue.code === 'too_small' && issue.origin === 'number') return t('common.validation.required');
    const own = messageFor(messages, fieldOf(path), issue.code);
    if (own) return own;
    if (issue.code === 'custom') return undefined; // a refinement's own message, mapped below
    if (otherwise) return otherwise;
    if (issue.code === 'invalid_format' && issue.format === 'email') return t('common.validation.email');
    return t('common.validation.invalid');
  };

  return async (values, _context, options) => {
    const result = await schema.safeParseAsync(toInput ? toInput(values) : values, { error: errorMap });
    if (result.success) {
      return { values: (toInput ? values : result.data) as FieldValues, errors: {} };
    }
    const flat: Record<string, FieldError> = {};
    for (const issue of result.error.issues) {
      const field = fieldOf(issue.path.map(String).join('.'));
      if (flat[field]) continue; // the first rule a field breaks is the one it shows
      let message = contractMessages[issue.message] ?? contractMessage(t, issue.message);
      if (!message && issue.code === 'custom') message = messageFor(messages, field, 'custom');
      flat[field] = { type: issue.code, message: message ?? otherwise ?? issue.message };
    }
    return { values: {}, errors: toNestErrors(flat, options) };
  };
}
