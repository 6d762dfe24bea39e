import { Button, Tooltip } from '@mantine/core';
import { IconBell, IconBellCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { notify } from '@/lib/notify';
import { useClientFollow, useSetClientFollow } from '../api/follow-client';

/**
 * Follow a client: the staff member then hears, in the bell and by e-mail as they chose, what the
 * client's people do (uploads, answers, payments), as the client's advisor does. A toggle button.
 */
export function FollowClientButton({ clientId, clientName }: { clientId: number; clientName: string }) {
  const { t } = useTranslation();
  const state = useClientFollow(clientId);
  const change = useSetClientFollow(clientId);
  if (state.isError) return null; // no follow for this person (a client user) or the client is gone
  const following = state.data?.following ?? false;

  const toggle = async () => {
    try {
      await change.mutateAsync(!following);
      notify.success(t(following ? 'clients.follow.stopped' : 'clients.follow.started', { name: clientName }), {
        key: 'client-follow',
      });
    } catch {
      notify.error(t('clients.follow.error'), { key: 'client-follow' });
    }
  };

  return (
    <Tooltip label={t('clients.follow.help')} multiline w={260}>
      <Button
        variant={following ? 'light' : 'default'}
        leftSection={following ? <IconBellCheck size={16} aria-hidden /> : <IconBell size={16} aria-hidden />}
        aria-pressed={following}
        loading={state.isPending || change.isPending}
        onClick={() => void toggle()}
      >
        {following ? t('clients.follow.following') : t('clients.follow.follow')}
      </Button>
    </Tooltip>
  );
}
