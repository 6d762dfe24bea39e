/**
 * What the search index and the list's preview are made of (ADR 0013). Pure functions: the text
 * itself is decrypted and encrypted by the service.
 */

/**
 * A run of four digits or more, allowing up to two separators (space, dot, dash, slash, comma)
 * between any two digits: an SSN (123-45-6789), a card (4111 1111 1111 1111), an account, routing
 * or phone number, a date or an amount. Any Unicode digit counts, since PostgreSQL's parser would
 * index full-width digits too.
 */
const DIGIT_RUN = /\p{Nd}(?:[\s.\-\u2010-\u2015/,]{0,2}\p{Nd}){3,}/gu;

/**
 * The text the search vector is made from: every digit run of four or more removed, so the index
 * (which is not encrypted) holds words but no number worth stealing. Years and form numbers go too
 * ("1040"): searching by them is the price of that guarantee.
 */
export function searchableText(plain: string): string {
  return plain.replace(DIGIT_RUN, ' ');
}

const PREVIEW_MAX = 140;

/** The first words of a message on one line, for the inbox. */
export function previewOf(plain: string): string {
  const line = plain.replace(/\s+/g, ' ').trim();
  return line.length > PREVIEW_MAX ? `${line.slice(0, PREVIEW_MAX - 1).trimEnd()}…` : line;
}

const SNIPPET_RADIUS = 60;

/** Lower-case word stems of the query's words (what English stemming would mostly agree on). */
function queryStems(query: string): string[] {
  const words = query
    .toLowerCase()
    .replace(/(^|\s)-\S+/g, ' ')
    .match(/[\p{L}\p{N}]+/gu);
  const ignored = new Set(['or', 'and', 'the', 'a', 'an', 'of', 'to', 'in']);
  return [...new Set(words ?? [])]
    .filter((word) => !ignored.has(word))
    .map((word) => (word.length > 5 ? word.slice(0, word.length - 2) : word));
}

/**
 * The matching words in context, as plain text with each match between « and »: made here from the
 * decrypted text, since the database holds only the vector (no ts_headline). The first match
 * centres the window; without one (a stemmed form the prefixes miss), the message's start.
 */
export function snippetOf(plain: string, query: string): string {
  const text = plain.replace(/\s+/g, ' ').trim();
  const stems = queryStems(query);
  const wordPattern = /[\p{L}\p{N}]+/gu;
  const matches: Array<{ start: number; end: number }> = [];
  for (const match of text.matchAll(wordPattern)) {
    const word = match[0].toLowerCase();
    if (stems.some((stem) => word.startsWith(stem))) {
      matches.push({ start: match.index, end: match.index + match[0].length });
    }
  }
  const first = matches[0];
  const from = first ? Math.max(0, first.start - SNIPPET_RADIUS) : 0;
  const to = Math.min(text.length, (first ? first.end : 0) + SNIPPET_RADIUS * 2);
  let snippet = '';
  let cursor = from;
  for (const match of matches.filter((m) => m.start >= from && m.end <= to)) {
    snippet += `${text.slice(cursor, match.start)}«${text.slice(match.start, match.end)}»`;
    cursor = match.end;
  }
  snippet += text.slice(cursor, to);
  return `${from > 0 ? '…' : ''}${snippet.trim()}${to < text.length ? '…' : ''}`;
}
