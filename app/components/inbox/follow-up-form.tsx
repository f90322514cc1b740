import { getFormProps, getSelectProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { FormErrors, HoneypotField, StatusField, TextareaField } from "~/components/ui/forms";
import { DETAILS_SCHEMAS, MAX_NOTE_LENGTH, type SaveConflict } from "~/inbox/rules";
import { LEAD_STATUS_LABELS, type LeadStatus } from "~/core/lead-statuses";
import { statusesFor } from "~/inbox/view";
import { LEADS, type LeadKind } from "~/core/lead-kinds";

interface Stored {
  version: number;
  status: LeadStatus;
  staffNote: string;
}

/** A textarea posts its line breaks as CRLF; compare notes without that difference. */
const sameNote = (a: unknown, b: string) => typeof a === "string" && a.replace(/\r\n/g, "\n") === b.replace(/\r\n/g, "\n");

/**
 * Status and staff note of one lead (docs/decisions/106). The form starts from
 * the stored version and names it when it saves. When the page's data brings a
 * newer version (this form's own save, or a live refresh after another's), the
 * form shows what is stored, unless the clerk has typed something not saved yet:
 * then it keeps their words, and the save is answered with the newer change.
 */
export function FollowUpForm({
  kind,
  id,
  stored,
  lastResult,
  conflict,
}: {
  kind: LeadKind;
  id: number;
  stored: Stored;
  lastResult?: SubmissionResult<string[]> | undefined;
  conflict?: SaveConflict | undefined;
}) {
  const schema = DETAILS_SCHEMAS[kind];
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "details";
  const [started, setStarted] = useState(stored);
  const [form, fields] = useForm({
    // A new version is a new form: conform resets to the stored values.
    id: `record-${LEADS[kind].inbox}-${id}-v${started.version}`,
    lastResult,
    constraint: getZodConstraint(schema),
    defaultValue: { status: started.status, staffNote: started.staffNote },
    // Not on blur: an error appearing above the button as focus leaves a field
    // moves the button away mid-click, and the click is lost.
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });

  if (stored.version !== started.version && !conflict) {
    const shown = form.value ?? {};
    const untouched = shown.status === started.status && sameNote(shown.staffNote ?? "", started.staffNote);
    const justSaved = shown.status === stored.status && sameNote(shown.staffNote ?? "", stored.staffNote);
    if (untouched || justSaved) setStarted(stored);
  }

  return (
    <Form method="post" {...getFormProps(form)} key={form.id}>
      <HoneypotField />
      <input type="hidden" name="intent" value="details" />
      <input type="hidden" name="version" value={conflict?.version ?? started.version} />
      {conflict ? <SaveConflictNotice conflict={conflict} /> : <FormErrors errors={form.errors} />}
      <StatusField selectProps={getSelectProps(fields.status)} errors={fields.status.errors} options={statusesFor(kind).map((status) => ({ value: status, label: LEAD_STATUS_LABELS[status] }))} />
      <TextareaField
        label={conflict ? "Your note (not saved yet)" : "Staff note"}
        hint={`Only staff see this. Up to ${MAX_NOTE_LENGTH.toLocaleString("en-US")} characters.`}
        errors={fields.staffNote.errors}
        textareaProps={{ ...getTextareaProps(fields.staffNote), rows: 6 }}
      />
      <button type="submit" className="button button--primary" disabled={saving}>
        {saving ? "Saving…" : "Save"}
      </button>
    </Form>
  );
}

/** Both texts, side by side in reading order: the stored one here, the clerk's own still in the box. */
function SaveConflictNotice({ conflict }: { conflict: SaveConflict }) {
  return (
    <div className="save-conflict" role="alert" data-testid="save-conflict">
      <p className="save-conflict__title">{conflict.message}</p>
      <p>
        Status now: <span className={`status-pill status-pill--${conflict.status}`}>{LEAD_STATUS_LABELS[conflict.status]}</span>
      </p>
      {conflict.staffNote ? (
        <blockquote className="save-conflict__note" data-testid="current-note">
          {conflict.staffNote}
        </blockquote>
      ) : (
        <p className="muted">The note is empty now.</p>
      )}
      <p className="muted">
        Nothing was saved. Your status and note are still below: combine them with the current note if you like, then Save
        again to replace it.
      </p>
    </div>
  );
}
