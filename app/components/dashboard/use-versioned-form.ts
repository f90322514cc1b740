import { useForm, type DefaultValue, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useState } from "react";
import type { z } from "zod";
import { followStored, startShown, type Stored } from "./kept-words";

/**
 * The conform form of a record whose status (and a repair's estimate and date) carry a version (decisions 106, 131): a lead's follow-up,
 * a repair's status. It starts from the stored version and names it when it saves (`version`, for the hidden
 * field). When the page's data brings a newer version, fields the clerk has not edited take it and edited ones keep
 * the clerk's words (kept-words.ts); a save over the newer change then gets the conflict answer, after which the
 * form names the version that answer showed, so saving again replaces it knowingly.
 */
export function useVersionedForm<Schema extends z.ZodType<Record<string, unknown>, Record<string, unknown>>, Name extends string>({
  id,
  stored,
  schema,
  lastResult,
  conflict,
}: {
  /** The form's name; its version is added, so a newer version is a new form at the stored values. */
  id: string;
  /** The fields the form edits, as it shows them; each one is a field of `schema`. */
  stored: Stored<Name>;
  schema: Schema;
  lastResult: SubmissionResult<string[]> | undefined;
  /** The conflict answer of the last save, if it met a newer change. */
  conflict: { version: number } | undefined;
}) {
  const [shown, setShown] = useState(() => startShown(stored));
  const [form, fields] = useForm<z.input<Schema>, z.output<Schema>>({
    id: `${id}-v${shown.version}`,
    lastResult,
    constraint: getZodConstraint(schema),
    defaultValue: shown.fields as DefaultValue<z.input<Schema>>,
    // Not on blur: an error appearing above the button as focus leaves a field
    // moves the button away mid-click, and the click is lost.
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });

  // While a conflict answer is shown, the form holds the clerk's words against the version it named.
  if (stored.version !== shown.followed && !conflict) setShown(followStored(shown, stored, form.value ?? {}));

  // The fields that follow the newer version change in place, so the one the clerk is typing in keeps its focus.
  const { update } = form;
  useEffect(() => {
    for (const name of shown.refresh) update({ name, value: shown.fields[name] } as Parameters<typeof update>[0]);
  }, [shown, update]);

  return { form, fields, version: conflict?.version ?? shown.version };
}
