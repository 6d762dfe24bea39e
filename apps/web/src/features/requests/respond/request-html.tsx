import { Typography, type BoxProps } from '@mantine/core';

/**
 * A request's description. The server stores and answers only sanitised HTML (the editor's tags,
 * http/https/mailto links), which is why it may be set as markup here; the same approach as an
 * announcement's body, kept here because features do not import each other.
 */
export function RequestHtml({ html, ...box }: { html: string } & BoxProps) {
  return (
    <Typography {...box}>
      <div dangerouslySetInnerHTML={{ __html: html }} />
    </Typography>
  );
}
