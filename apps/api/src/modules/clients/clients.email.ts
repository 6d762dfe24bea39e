import sanitizeHtml from 'sanitize-html';

/**
 * The bulk e-mail's body is HTML typed by staff in the rich-text editor. Only the editor's own
 * formatting survives; scripts, styles, event handlers and any link that is not http(s) or mailto
 * are dropped, so a pasted or crafted body cannot carry active content into clients' mailboxes.
 */
const ALLOWED: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'em', 'u', 's', 'a', 'ul', 'ol', 'li', 'h1', 'h2', 'h3', 'blockquote'],
  allowedAttributes: { a: ['href'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
};

export function sanitizeEmailBody(html: string): string {
  return sanitizeHtml(html, ALLOWED).trim();
}

/** The plain-text part: block ends become line breaks, every tag goes, entities are decoded. */
export function emailBodyText(sanitizedHtml: string): string {
  const withBreaks = sanitizedHtml.replace(/<br\s*\/?>/gi, '\n').replace(/<\/(p|li|h[1-3]|blockquote)>/gi, '\n');
  const text = sanitizeHtml(withBreaks, { allowedTags: [], allowedAttributes: {} });
  return text
    .replaceAll('&nbsp;', ' ')
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&amp;', '&')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
