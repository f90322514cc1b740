// A staff list's page by keyset (decision 032): the query asks for one row more than a page, newest first, or
// oldest first when going back to newer rows (`before`); this turns its rows into the page and says which way
// there is more.

export type KeysetCursor = { direction: "after" | "before"; id: number } | null;

export function keysetPage<Row>(cursor: KeysetCursor, rows: Row[], limit: number) {
  const backwards = cursor?.direction === "before";
  const more = rows.length > limit;
  const page = rows.slice(0, limit);
  if (backwards) page.reverse();
  return { rows: page, hasOlder: backwards ? true : more, hasNewer: backwards ? more : cursor !== null };
}
