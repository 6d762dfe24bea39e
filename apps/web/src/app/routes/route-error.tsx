import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';

/**
 * Last resort for render errors and for route chunks that fail to load (typically right after a
 * deployment replaced them): a reload fetches the current ones.
 */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  if (import.meta.env.DEV && !isRouteErrorResponse(error)) console.error(error);
  return (
    <Center mih="100vh" p="md">
      <Stack align="center" gap="sm" component="main">
        <Title order={1} size="h2">
          {t('errors.unexpected')}
        </Title>
        <Text c="dimmed">{isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : null}</Text>
        <Button onClick={() => window.location.reload()}>{t('errors.reload')}</Button>
      </Stack>
    </Center>
  );
}
