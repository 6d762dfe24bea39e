import { Button, Group, Modal, Paper, Radio, Stack, Stepper, Text, TextInput } from '@mantine/core';
import { useEffect, useReducer } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsPhone } from '@/lib/use-is-phone';
import { track } from '../lib/analytics';
import { estimateTaxSavings, MAX_CHILDREN } from '@ledgerport/shared';
import { answersOf, INITIAL_STATE, TAX_PLANNING_STEPS, taxPlanningReducer, type IncomeField } from '../lib/wizard';
import { ChoiceStep } from './choice-step';
import { ResultStep } from './result-step';

const CHILDREN_CHOICES = Array.from({ length: MAX_CHILDREN + 1 }, (_, count) => ({
  value: count,
  label: String(count),
}));

/** The public tax-savings estimator (spec 03, Tax-planning wizard): seven steps, all in the browser. */
export function TaxPlanningWizard() {
  const { t } = useTranslation();
  // Side by side the steps wrap into ragged rows on a phone: one under the other there.
  const phone = useIsPhone();
  const [state, dispatch] = useReducer(taxPlanningReducer, INITIAL_STATE);
  const { step, form } = state;
  const stepName = TAX_PLANNING_STEPS[step]!;

  useEffect(() => {
    track({ type: 'page_view', page: `/tax-planning/${stepName}`, step: step + 1 });
  }, [step, stepName]);

  const yesNo = [
    { value: true, label: t('taxPlanning.answers.yes') },
    { value: false, label: t('taxPlanning.answers.no') },
  ] as const;

  const previous = (
    <Button variant="default" onClick={() => dispatch({ type: 'previous' })}>
      {t('taxPlanning.actions.previous')}
    </Button>
  );

  const incomeInput = (field: IncomeField) => {
    const error = state.incomeErrors[field];
    return (
      <TextInput
        label={t(`taxPlanning.fields.${field}`)}
        required
        inputMode="numeric"
        maxLength={12}
        leftSection="$"
        value={form[field]}
        // Numbers only (spec 03 section 5): separators and letters never get into the field.
        onChange={(event) =>
          dispatch({ type: 'setIncome', field, value: event.currentTarget.value.replace(/\D/g, '') })
        }
        error={
          error === 'required'
            ? t('common.validation.required')
            : error === 'digitsOnly'
              ? t('taxPlanning.validation.digitsOnly')
              : undefined
        }
      />
    );
  };

  let content;
  switch (stepName) {
    case 'businessType':
      content = (
        <Stack>
          <Radio.Group
            label={<Text fw={600}>{t('taxPlanning.questions.businessType')}</Text>}
            value={form.isBusinessOneOfTheFollowing === null ? null : String(form.isBusinessOneOfTheFollowing)}
            onChange={(value) => dispatch({ type: 'answerBusinessType', value: value === 'true' })}
          >
            <Group mt="md">
              <Radio value="true" label={t('taxPlanning.answers.yes')} />
              <Radio value="false" label={t('taxPlanning.answers.no')} />
            </Group>
          </Radio.Group>
          <Group justify="flex-end">
            <Button disabled={form.isBusinessOneOfTheFollowing !== true} onClick={() => dispatch({ type: 'next' })}>
              {t('taxPlanning.actions.next')}
            </Button>
          </Group>
        </Stack>
      );
      break;
    case 'income':
      content = (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            dispatch({ type: 'next' });
          }}
        >
          <Stack>
            <Text fw={600}>{t('taxPlanning.questions.income')}</Text>
            {incomeInput('totalAnnualSales')}
            {incomeInput('annualNetIncome')}
            <Group justify="space-between">
              {previous}
              <Button type="submit">{t('taxPlanning.actions.next')}</Button>
            </Group>
          </Stack>
        </form>
      );
      break;
    case 'sCorp':
    case 'driving': {
      const field = stepName === 'sCorp' ? 'isBusinessIncorporatedAsSCorp' : 'drivesForBusiness';
      content = (
        <Stack>
          <ChoiceStep
            question={t(`taxPlanning.questions.${stepName}`)}
            choices={yesNo}
            value={form[field]}
            onAnswer={(value) => dispatch({ type: 'answer', answer: { field, value } })}
          />
          <Group>{previous}</Group>
        </Stack>
      );
      break;
    }
    case 'house':
      content = (
        <Stack>
          <ChoiceStep
            question={t('taxPlanning.questions.house')}
            choices={[
              { value: true, label: t('taxPlanning.answers.own') },
              { value: false, label: t('taxPlanning.answers.rent') },
            ]}
            value={form.ownsHouse}
            onAnswer={(value) => dispatch({ type: 'answer', answer: { field: 'ownsHouse', value } })}
          />
          <Group>{previous}</Group>
        </Stack>
      );
      break;
    case 'children':
      content = (
        <Stack>
          <ChoiceStep
            question={t('taxPlanning.questions.children')}
            choices={CHILDREN_CHOICES}
            value={form.numberOfChildren}
            onAnswer={(value) => dispatch({ type: 'answer', answer: { field: 'numberOfChildren', value } })}
          />
          <Group>{previous}</Group>
        </Stack>
      );
      break;
    case 'result': {
      const answers = answersOf(form);
      content = (
        <Stack>
          {answers && <ResultStep total={estimateTaxSavings(answers)} />}
          <Group>
            <Button variant="default" onClick={() => dispatch({ type: 'restart' })}>
              {t('taxPlanning.actions.startOver')}
            </Button>
          </Group>
        </Stack>
      );
      break;
    }
  }

  return (
    <Stack gap="lg">
      <Text c="dimmed">{t('taxPlanning.intro')}</Text>
      <Stepper
        active={step}
        size="sm"
        aria-label={t('taxPlanning.stepper')}
        allowNextStepsSelect={false}
        orientation={phone ? 'vertical' : 'horizontal'}
      >
        {TAX_PLANNING_STEPS.map((name) => (
          <Stepper.Step key={name} label={t(`taxPlanning.steps.${name}`)} />
        ))}
      </Stepper>
      <Paper
        withBorder
        p={{ base: 'md', sm: 'xl' }}
        radius="md"
        component="section"
        aria-label={t(`taxPlanning.steps.${stepName}`)}
      >
        {content}
      </Paper>
      <Modal
        opened={state.outOfScope}
        onClose={() => dispatch({ type: 'dismissOutOfScope' })}
        title={t('taxPlanning.outOfScope.title')}
        centered
      >
        <Text size="sm">{t('taxPlanning.outOfScope.message')}</Text>
        <Group justify="flex-end" mt="lg">
          <Button onClick={() => dispatch({ type: 'dismissOutOfScope' })} data-autofocus>
            {t('taxPlanning.actions.goBack')}
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}
