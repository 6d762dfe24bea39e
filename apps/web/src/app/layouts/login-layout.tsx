import { Box, Center, Paper } from '@mantine/core';
import { Outlet } from 'react-router';
import { Brand } from '@/components/ui/brand';
import { SkipLink, mainContentProps } from './skip-link';

/** Login, register and the password pages: one centred card under the firm's name. */
export function LoginLayout() {
  return (
    <Center mih="100vh" p="md" bg="light-dark(var(--mantine-color-gray-0), var(--mantine-color-dark-8))">
      <SkipLink />
      <Box component="main" w="100%" maw={420} {...mainContentProps}>
        <Center mb="lg">
          <Brand size="xl" />
        </Center>
        <Paper withBorder shadow="sm" p="xl">
          <Outlet />
        </Paper>
      </Box>
    </Center>
  );
}
