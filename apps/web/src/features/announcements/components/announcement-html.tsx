import { Typography, type BoxProps } from '@mantine/core';

/**
 * An announcement's body or acknowledgment text. The server stores and answers only sanitised HTML
 * (the editor's tags, http/https/mailto links), which is why it may be set as markup here.
 */
export function AnnouncementHtml({ html, id, ...box }: { html: string; id?: string } & BoxProps) {
  return (
    <Typography {...box}>
      <div id={id} dangerouslySetInnerHTML={{ __html: html }} />
    </Typography>
  );
}
