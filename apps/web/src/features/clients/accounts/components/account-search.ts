/** The Accounts tabs search on the client: every word typed must appear in one of the row's texts. */
export function matchesSearch(texts: Array<string | null | undefined>, search: string): boolean {
  const haystack = texts.filter(Boolean).join(' ').toLowerCase();
  return search
    .trim()
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word));
}
