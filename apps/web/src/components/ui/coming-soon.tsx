import { Text } from '@mantine/core';
import { PageTitle } from './page-title';

/** Stands in for a screen that later work builds, keeping its route, guard and heading testable now. */
export function ComingSoon({ title, message }: { title: string; message: string }) {
  return (
    <>
      <PageTitle>{title}</PageTitle>
      <Text c="dimmed">{message}</Text>
    </>
  );
}
