/**
 * What the search index and the list's preview are made of (ADR 0013). Pure functions: the text
 * itself is decrypted and encrypted by the service.
 */

/**
 * Every digit, of any script (PostgreSQL's parser indexes full-width digits too). Not only runs of
 * four or more: an SSN split by unusual separators (123 - 45 - 6789, 123_45_6789, a list item per
 * group, a no-break or zero-width space) leaves groups of two and three digits next to each other,
 * which together are most of the number.
 */
const DIGIT = /\p{N}/gu;

/**
 * The text the search vector is made from: every digit removed, so the index (which is not
 * encrypted) holds words but no part of a number worth stealing. Years, amounts and form numbers
 * ("1040", "W-2") are not searchable: the price of that guarantee; the words around them are.
 */
export function searchableText(plain: string): string {
  return plain.replace(DIGIT, ' ');
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
