// The order of names in lists the browser sorts itself (the till's local copy of the catalog): the server's.
// Both databases order text by code point (PostgreSQL's C collation), so a till shows its products in the same
// order online and offline — "Banana" before "apple", as the server pages them. JavaScript compares UTF-16
// units, which is code-point order for every name without characters beyond U+FFFF (emoji) beside ones from
// U+E000 up.

/** Sorts text as the server's database does: by code point. */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
