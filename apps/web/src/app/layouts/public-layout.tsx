import { Anchor, Box, Container } from '@mantine/core';
import { Link, Outlet } from 'react-router';
import { Brand } from '@/components/ui/brand';
import { SkipLink, mainContentProps } from './skip-link';

/** Public pages for prospects (company formation, onboarding, tax planning): no session needed. */
export function PublicLayout() {
  return (
    <>
      <SkipLink />
      <Box component="header" px="md" py="sm" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Anchor component={Link} to="/" underline="never">
          <Brand />
        </Anchor>
      </Box>
      <Container component="main" size="lg" py="xl" {...mainContentProps}>
        <Outlet />
      </Container>
    </>
  );
}
