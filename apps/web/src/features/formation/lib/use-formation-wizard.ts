import type { TFunction } from 'i18next';
import { useCallback, useRef, useState } from 'react';
import { useForm, type DefaultValues, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { stepRulesOf, type CompanyValues, type StepRules } from './formation-form';
import { shapedFormResolver } from '@/lib/form-resolver';

/** The five steps of both wizards (spec 03): three data steps, the card payment, the success message. */
export const STEP = { first: 0, second: 1, third: 2, payment: 3, done: 4 } as const;

export interface WizardRules<V extends CompanyValues> {
  /** The schemas of the three data steps under the rules the current values call for. */
  stepSchemas: (rules: StepRules) => readonly z.ZodType[];
  /** The form's values as the contract's input, under the same field paths. */
  toInput: (values: V) => unknown;
}

function resolverCache<V extends CompanyValues>({ stepSchemas, toInput }: WizardRules<V>, t: TFunction) {
  const cache = new Map<string, ReadonlyArray<Resolver<V>>>();
  return (rules: StepRules): ReadonlyArray<Resolver<V>> => {
    const key = `${rules.corporation}:${rules.otherIndustry}`;
    let resolvers = cache.get(key);
    if (!resolvers) {
      resolvers = stepSchemas(rules).map((schema) =>
        shapedFormResolver(schema, t, { toInput, otherwise: t('common.validation.required') }),
      );
      cache.set(key, resolvers);
    }
    return resolvers;
  };
}

/**
 * One form for the whole wizard, so going back and forth keeps every entered value; each submit
 * validates only the step on screen.
 */
export function useFormationWizard<V extends CompanyValues>(rules: WizardRules<V>, defaultValues: V) {
  const { t } = useTranslation();
  const [step, setStep] = useState<number>(STEP.first);
  const [navigated, setNavigated] = useState(false);
  // Read by the resolver when it runs, which is always after the step it validates has rendered.
  const stepRef = useRef<number>(STEP.first);
  const [resolversFor] = useState(() => resolverCache(rules, t));

  const resolver = useCallback<Resolver<V>>(
    (values, context, options) => {
      const current = resolversFor(stepRulesOf(values))[stepRef.current];
      return current ? current(values, context, options) : { values, errors: {} };
    },
    [resolversFor],
  );
  const form = useForm<V>({ resolver, defaultValues: defaultValues as DefaultValues<V> });

  const goTo = (next: number) => {
    // A step met anew validates on its own first submit, not while its first field is being typed;
    // the errors of the step left behind go with it.
    form.reset(form.getValues(), { keepDefaultValues: true });
    stepRef.current = next;
    setNavigated(true);
    setStep(next);
    window.scrollTo?.({ top: 0 });
  };

  return { form, step, goTo, navigated };
}
