import {
  DOCUMENT_LIMITS,
  REQUEST_ITEM_KIND,
  REQUEST_ITEM_STATUS,
  acceptsAnswer,
  acceptsFiles,
  awaitsClient,
  type RequestItem,
  type UploadRejection,
} from '@ledgerport/shared';
import { Alert, Badge, Button, Divider, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { IconArrowBackUp, IconCircleCheck, IconCircleOff, IconClock, IconFile } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatFileSize } from '@/lib/file-size';
import { ItemAnswerForm } from './item-answer-form';
import { ItemFilesForm } from './item-files-form';
import {
  ITEM_KIND_KEY,
  ITEM_STATUS_COLOR,
  ITEM_STATUS_KEY,
  fileProblemOf,
  type ResponseProblem,
} from './request-item-labels';

const MAX_SIZE_TEXT = formatFileSize(DOCUMENT_LIMITS.maxFileBytes);

/** One item of a request as the client sees it: what is asked, what they sent, and how to respond. */
export function RequestItemCard({
  requestId,
  item,
  requestOpen,
  onNotApplicable,
  onReload,
}: {
  requestId: number;
  item: RequestItem;
  requestOpen: boolean;
  onNotApplicable: () => void;
  onReload: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const [problem, setProblem] = useState<ResponseProblem | null>(null);
  // Kept after the item moved on: the person sees their files arrive, then the item submitted.
  const [progress, setProgress] = useState<number | null>(null);
  const [rejected, setRejected] = useState<UploadRejection[]>([]);
  const actionable = requestOpen && awaitsClient(item.status);
  const returned = item.status === REQUEST_ITEM_STATUS.returned;
  const progressBar = progress !== null && (
    <Stack gap={4}>
      <Text size="xs" c={progress >= 100 ? 'teal' : 'dimmed'}>
        {progress >= 100 ? t('toDos.files.done') : t('toDos.files.sending', { percent: Math.round(progress) })}
      </Text>
      <Progress
        value={progress}
        color={progress >= 100 ? 'teal' : undefined}
        animated={progress < 100}
        aria-label={t('toDos.files.progress')}
      />
    </Stack>
  );
  const notApplicable = (
    <Button
      variant="subtle"
      color="gray"
      size="compact-sm"
      leftSection={<IconCircleOff size={14} aria-hidden />}
      onClick={onNotApplicable}
    >
      {t('toDos.notApplicable.open')}
    </Button>
  );

  return (
    <Paper component="article" withBorder radius="md" p="md" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Title order={3} size="h5" id={titleId} style={{ overflowWrap: 'anywhere' }}>
              {item.title}
            </Title>
            <Text size="xs" c="dimmed">
              {t('toDos.respond.kind', { kind: t(`requests.itemKind.${ITEM_KIND_KEY[item.kind]}`) })}
            </Text>
          </Stack>
          <Badge color={ITEM_STATUS_COLOR[item.status]} variant="light" style={{ flexShrink: 0 }}>
            {t(`requests.itemStatus.${ITEM_STATUS_KEY[item.status]}`)}
          </Badge>
        </Group>

        {item.description && (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {item.description}
          </Text>
        )}

        {returned && item.returnNote && (
          <Alert color="orange" variant="light" title={t('toDos.respond.returnedTitle')} icon={<IconArrowBackUp />}>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {item.returnNote}
            </Text>
          </Alert>
        )}

        <SentResponse item={item} />
        {!actionable && progressBar}

        {item.status === REQUEST_ITEM_STATUS.submitted && (
          <Group gap={6} c="blue">
            <IconClock size={18} aria-hidden />
            <Text size="sm" fw={500}>
              {t('toDos.respond.awaitingReview')}
            </Text>
          </Group>
        )}
        {item.status === REQUEST_ITEM_STATUS.accepted && (
          <Group gap={6} c="teal">
            <IconCircleCheck size={18} aria-hidden />
            <Text size="sm" fw={500}>
              {t('toDos.respond.accepted')}
            </Text>
          </Group>
        )}

        {actionable && (
          <Stack gap="md">
            {item.kind === REQUEST_ITEM_KIND.both && (
              <Text size="sm" c="dimmed">
                {t('toDos.respond.bothHint')}
              </Text>
            )}
            {acceptsFiles(item.kind) && (
              <ItemFilesForm
                requestId={requestId}
                itemId={item.id}
                itemTagIds={item.tags.map((tag) => tag.id)}
                onProgress={setProgress}
                onSent={setRejected}
                onProblem={setProblem}
                extraAction={acceptsAnswer(item.kind) ? undefined : notApplicable}
                progress={progressBar}
              />
            )}
            {item.kind === REQUEST_ITEM_KIND.both && <Divider label={t('toDos.respond.or')} labelPosition="center" />}
            {acceptsAnswer(item.kind) && (
              <ItemAnswerForm
                requestId={requestId}
                itemId={item.id}
                previousAnswer={item.answer}
                onProblem={setProblem}
                extraAction={notApplicable}
              />
            )}
          </Stack>
        )}

        {rejected.length > 0 && (
          <Alert color="yellow" variant="light" role="alert">
            <Text size="sm">{t('toDos.files.refusedAfterSubmit')}</Text>
            {rejected.map((rejection) => (
              <Text key={rejection.fileName} size="sm">
                <Text span fw={600}>
                  {rejection.fileName}
                </Text>
                {': '}
                {t(`toDos.files.problem.${fileProblemOf(rejection.code)}`, { maxSize: MAX_SIZE_TEXT })}
              </Text>
            ))}
          </Alert>
        )}

        {problem && (
          <Alert color="red" variant="light" role="alert">
            <Text size="sm">{problem.message}</Text>
            {problem.reload && (
              <Button
                variant="light"
                color="red"
                size="xs"
                mt="xs"
                onClick={() => {
                  setProblem(null);
                  onReload();
                }}
              >
                {t('toDos.errors.reload')}
              </Button>
            )}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}

/** What the client sent: the answer, the not-applicable reason, the files (name and size). */
function SentResponse({ item }: { item: RequestItem }) {
  const { t } = useTranslation();
  const listId = useId();
  // A returned item's answer is the starting text of its form; shown here only once it is sent.
  const showAnswer = item.answer !== null && !awaitsClient(item.status);
  if (!showAnswer && !item.notApplicable && item.documents.length === 0) return null;
  return (
    <Stack gap="xs">
      {showAnswer && (
        <Stack gap={2}>
          <Text size="xs" fw={600} c="dimmed" tt="uppercase">
            {t('toDos.respond.yourAnswer')}
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {item.answer}
          </Text>
        </Stack>
      )}
      {item.notApplicable && item.notApplicableReason && (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {t('toDos.respond.notApplicableReason', { reason: item.notApplicableReason })}
        </Text>
      )}
      {item.documents.length > 0 && (
        <Stack gap={2}>
          <Text id={listId} size="xs" fw={600} c="dimmed" tt="uppercase">
            {t('toDos.respond.sentFiles')}
          </Text>
          <Stack component="ul" gap={2} p={0} m={0} aria-labelledby={listId} style={{ listStyle: 'none' }}>
            {item.documents.map((document) => (
              <Group component="li" key={document.id} gap="xs" wrap="nowrap">
                <IconFile size={16} aria-hidden style={{ flexShrink: 0 }} />
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {document.fileName}{' '}
                  <Text span size="xs" c="dimmed">
                    {formatFileSize(document.size)}
                  </Text>
                </Text>
              </Group>
            ))}
          </Stack>
        </Stack>
      )}
    </Stack>
  );
}
