import type { DocumentTagDto } from '@ledgerport/shared';
import { Badge, Group } from '@mantine/core';

/** A document's tags as badges in their tag group's colour (spec 02, My Uploads columns). */
export function DocumentTags({ tags }: { tags: readonly DocumentTagDto[] }) {
  if (tags.length === 0) return null;
  return (
    <Group gap={4}>
      {tags.map((tag) => (
        <Badge key={tag.id} color={tag.tagGroup.color} variant="light" tt="none" title={tag.tagGroup.displayName}>
          {tag.displayName}
        </Badge>
      ))}
    </Group>
  );
}
