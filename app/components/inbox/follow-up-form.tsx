import { getFormProps, getSelectProps, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import { SaveConflictNotice } from "~/components/dashboard/save-conflict";
import { useVersionedForm } from "~/components/dashboard/use-versioned-form";
import { SaveWithMark } from "~/components/dashboard/saved-mark";
import { FormErrors, HoneypotField, StatusField } from "~/components/ui/forms";
import { DETAILS_SCHEMAS, type SaveConflict } from "~/inbox/rules";
import { LEAD_STATUS_LABELS, type LeadStatus } from "~/core/lead-statuses";
import { statusesFor } from "~/inbox/view";
import { LEADS, type LeadKind } from "~/core/lead-kinds";

interface Stored {
  version: number;
  status: LeadStatus;
}

/**
 * The status of one lead (docs/decisions/106; its notes are the Notes card's, decision 140). The form starts from
 * the stored version and names it when it saves. When the page's data brings a newer version (this form's own
 * save, or a live refresh after another's), an untouched field shows what is stored and a changed one keeps the
 * clerk's choice: the save is then answered with the newer change.
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
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "details";
  const { form, fields, version } = useVersionedForm({
    id: `record-${LEADS[kind].list}-${id}`,
    stored: { version: stored.version, fields: { status: stored.status } },
    schema: DETAILS_SCHEMAS[kind],
    lastResult,
    conflict,
  });

  return (
    <Form method="post" {...getFormProps(form)} key={form.id} preventScrollReset>
      <HoneypotField />
      <input type="hidden" name="intent" value="details" />
      <input type="hidden" name="version" value={version} />
      {conflict ? (
        <SaveConflictNotice
          message={conflict.message}
          now={
            <p>
              Status now: <span className={`status-pill status-pill--${conflict.status}`}>{LEAD_STATUS_LABELS[conflict.status]}</span>
            </p>
          }
        />
      ) : (
        <FormErrors errors={form.errors} />
      )}
      <StatusField selectProps={getSelectProps(fields.status)} errors={fields.status.errors} options={statusesFor(kind).map((status) => ({ value: status, label: LEAD_STATUS_LABELS[status] }))} />
      <SaveWithMark form="status" intent="details">
        <button type="submit" className="button button--primary" disabled={saving}>
          {saving ? "Saving…" : "Save status"}
        </button>
      </SaveWithMark>
    </Form>
  );
}
