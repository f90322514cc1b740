// How a staff form over a versioned record (a lead's follow-up, a repair's status; decisions 106 and 131) follows
// the stored record while a clerk types: a newer version refreshes every field the clerk has not edited and keeps
// every one they have. Pure, so the rule is tested apart from React and conform (kept-words.test.ts).

/** A record's editable fields as its form shows them (strings), and the version they were stored at. */
export interface Stored<Name extends string> {
  version: number;
  fields: Record<Name, string>;
}

/** Where a form stands against the stored record. */
export interface Shown<Name extends string> {
  /** The version the form posts. */
  version: number;
  /** The stored value each field last took, to tell the clerk's edit from it. */
  fields: Record<Name, string>;
  /** The stored version this was last brought up to date with. */
  followed: number;
  /** Fields to set to their new `fields` value in place (the form stays, so the field being typed in keeps focus). */
  refresh: Name[];
}

export function startShown<Name extends string>(stored: Stored<Name>): Shown<Name> {
  return { version: stored.version, fields: stored.fields, followed: stored.version, refresh: [] };
}

/** A textarea posts its line breaks as CRLF, and an empty field may read as undefined: compare without either difference. */
export function sameText(shown: unknown, stored: string): boolean {
  return (typeof shown === "string" ? shown : "").replace(/\r\n/g, "\n") === stored.replace(/\r\n/g, "\n");
}

/**
 * The form after the page's data brought `stored` (its own save, or a live refresh after a colleague's), given what
 * the form holds now (`current`). A field is edited when it holds neither the value it took nor the one stored now.
 * With no edited field the form moves to the stored version (a new form at the stored values). Otherwise the edited
 * fields keep the clerk's words, the others take the stored values, and the form still names the version it started
 * from: its save is then answered with the newer change instead of writing over it.
 */
export function followStored<Name extends string>(shown: Shown<Name>, stored: Stored<Name>, current: Record<string, unknown>): Shown<Name> {
  const names = Object.keys(stored.fields) as Name[];
  const edited = names.filter((name) => !sameText(current[name], shown.fields[name]) && !sameText(current[name], stored.fields[name]));
  if (edited.length === 0) return startShown(stored);
  const fields = { ...shown.fields };
  for (const name of names) if (!edited.includes(name)) fields[name] = stored.fields[name];
  return {
    version: shown.version,
    fields,
    followed: stored.version,
    refresh: names.filter((name) => !edited.includes(name) && !sameText(current[name], stored.fields[name])),
  };
}
