import sanitizeHtml from 'sanitize-html';

/**
 * Rich text from the staff's editor (Tiptap StarterKit with the link extension): announcements'
 * body and acknowledgment text, shown to every client user after sign-in, and the descriptions of
 * requests and their templates. Only what that editor produces survives: no script, style, event handler, inline style or image, and links
 * only to http(s) or mailto. Links always open in a new tab without handing over the opener.
 */
const ALLOWED: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'h1',
    'h2',
    'h3',
    'strong',
    'em',
    'u',
    's',
    'a',
    'ul',
    'ol',
    'li',
    'blockquote',
    'code',
    'pre',
    'br',
    'hr',
  ],
  allowedAttributes: { a: ['href', 'rel', 'target'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: {
        ...(attribs.href === undefined ? {} : { href: attribs.href }),
        rel: 'noopener noreferrer nofollow',
        target: '_blank',
      },
    }),
  },
};

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, ALLOWED).trim();
}

/**
 * The words of sanitised rich text as plain text (for search and previews): block ends become line
 * breaks, every tag goes and the entities sanitize-html wrote are decoded again.
 */
export function richTextToPlain(sanitizedHtml: string): string {
  const withBreaks = sanitizedHtml.replace(/<br\s*\/?>/gi, '\n').replace(/<\/(p|li|h[1-3]|blockquote|pre)>/gi, '\n');
  return sanitizeHtml(withBreaks, { allowedTags: [], allowedAttributes: {} })
    .replaceAll('&nbsp;', ' ')
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&amp;', '&')
    .replace(/[ \t]+/g, ' ')
    .replace(/\n\s*\n+/g, '\n')
    .trim();
}
