import { getFormProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { FormErrors, HoneypotField, TextareaField } from "~/components/ui/forms";
import { MAX_NOTE_LENGTH, NoteSchema } from "~/records/rules";
import { SaveWithMark } from "./saved-mark";

/**
 * Adds a note to a record (decision 140): with JavaScript and without, to any record page's own action
 * (`intent=note`). A note is appended, so there is no version to meet. The form keeps the id it was rendered with
 * until its own note is stored: a live refresh (a colleague's change) brings a new id but leaves the words being
 * typed alone, and a retried post names the same id, so the note is stored once.
 */
export function NoteForm({ formId, lastResult }: { formId: string; lastResult?: SubmissionResult<string[]> | undefined }) {
  const navigation = useNavigation();
  const adding = navigation.state !== "idle" && navigation.formData?.get("intent") === "note";
  const [shownId, setShownId] = useState(formId);
  // Whether this form's post was under way at the last render (state from the previous render, React's way).
  const [wasAdding, setWasAdding] = useState(false);
  if (adding !== wasAdding && (adding || navigation.state === "idle")) {
    setWasAdding(adding);
    // Stored (the answer was the page again, not this form's errors): a fresh, empty form.
    if (!adding && !lastResult) setShownId(formId);
  }

  const [form, fields] = useForm({
    id: `note-${shownId}`,
    lastResult,
    constraint: getZodConstraint(NoteSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: NoteSchema }),
  });

  return (
    <Form method="post" {...getFormProps(form)} key={shownId} className="note-form" preventScrollReset>
      <HoneypotField />
      <input type="hidden" name="intent" value="note" />
      <input type="hidden" name="formId" value={shownId} />
      <FormErrors errors={form.errors} />
      <TextareaField
        label="Add a note"
        hint={`Only staff see notes. Each is kept with your name and the time; up to ${MAX_NOTE_LENGTH.toLocaleString("en-US")} characters.`}
        errors={fields.note.errors}
        textareaProps={{ ...getTextareaProps(fields.note), rows: 3 }}
      />
      <SaveWithMark form="note" intent="note">
        <button type="submit" className="button button--primary" disabled={adding}>
          {adding ? "Adding…" : "Add note"}
        </button>
      </SaveWithMark>
    </Form>
  );
}
