// The one type guard for "is this value one of these strings": a status, a tab, a filter read
// from a URL or a form. Every list of names in the app is a readonly tuple of strings.

export function isOneOf<T extends string>(list: readonly T[], value: unknown): value is T {
  return typeof value === "string" && (list as readonly string[]).includes(value);
}
