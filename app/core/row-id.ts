// A record's id as it comes in a URL (a path segment or a page cursor): digits only, a safe integer.

/** The id, or null for anything else. */
export function parseRowId(value: string | null | undefined): number | null {
  if (!value || !/^\d{1,16}$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) ? id : null;
}
