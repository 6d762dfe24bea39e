import { Typography, type BoxProps } from '@mantine/core';

/**
 * Rich text the server answers (an announcement's body, a request's description). The server stores
 * and answers only sanitised HTML (the editor's tags, http/https/mailto links; lib/rich-text.ts on
 * the API), which is why it may be set as markup here. Never give it anything else.
 */
export function SanitizedHtml({ html, id, ...box }: { html: string; id?: string } & BoxProps) {
  return (
    <Typography {...box}>
      <div id={id} dangerouslySetInnerHTML={{ __html: html }} />
    </Typography>
  );
}
