import { Group, Radio, Stack, Text } from '@mantine/core';

export interface Choice<T> {
  value: T;
  label: string;
}

/**
 * A question whose answer moves the wizard on (steps 3 to 6). Every option reacts to a click, the
 * one already chosen too, so a user who came back with Previous can confirm the same answer.
 */
export function ChoiceStep<T extends string | number | boolean>({
  question,
  choices,
  value,
  onAnswer,
}: {
  question: string;
  choices: readonly Choice<T>[];
  value: T | null;
  onAnswer: (value: T) => void;
}) {
  return (
    <Radio.Group
      label={<Text fw={600}>{question}</Text>}
      value={value === null ? null : String(value)}
      onChange={() => undefined}
    >
      <Group mt="md" gap="sm">
        {choices.map((choice) => (
          <Radio.Card
            key={String(choice.value)}
            value={String(choice.value)}
            p="md"
            w={140}
            radius="md"
            onClick={() => onAnswer(choice.value)}
          >
            <Stack align="center" gap={6}>
              <Radio.Indicator />
              <Text>{choice.label}</Text>
            </Stack>
          </Radio.Card>
        ))}
      </Group>
    </Radio.Group>
  );
}
