import { SaveWithMark } from "~/components/dashboard/saved-mark";
import { getFormProps, getInputProps, getSelectProps, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import { SaveConflictNotice } from "~/components/dashboard/save-conflict";
import { useVersionedForm } from "~/components/dashboard/use-versioned-form";
import { Field, FormErrors, HoneypotField, StatusField } from "~/components/ui/forms";
import { estimateInput, RepairStatusSchema, type RepairConflict } from "~/repairs/rules";
import { REPAIR_STATUS_LABELS, REPAIR_STATUSES, type RepairStatus } from "~/core/repair-statuses";
import { RepairStatusPill } from "./repairs-table";

interface ShownRepair {
  id: number;
  status: RepairStatus;
  version: number;
  estimateCents: number | null;
  promisedDate: string;
}

/**
 * Status, estimate and promised date (its notes are the Notes card's, decision 140), over the version the form shows (decision 131, the lead's rule of
 * decision 106): a live refresh after a colleague's change refreshes the fields the clerk has not edited and keeps
 * the ones they have, and a save over that change is answered with it (`conflict`) instead of writing over it.
 */
export function RepairStatusForm({
  repair,
  result,
  conflict,
}: {
  repair: ShownRepair;
  result: SubmissionResult<string[]> | undefined;
  conflict: RepairConflict | undefined;
}) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "status";
  const { form, fields, version } = useVersionedForm({
    id: `repair-${repair.id}`,
    stored: {
      version: repair.version,
      fields: { status: repair.status, estimate: estimateInput(repair.estimateCents), promisedDate: repair.promisedDate },
    },
    schema: RepairStatusSchema,
    lastResult: result,
    conflict,
  });
  return (
    <Form method="post" {...getFormProps(form)} key={form.id} className="repair-form" aria-label="Change the status" preventScrollReset>
      <HoneypotField />
      <input type="hidden" name="intent" value="status" />
      <input type="hidden" name="version" value={version} />
      <input type="hidden" name="shownPromisedDate" value={repair.promisedDate} />
      {conflict ? (
        <SaveConflictNotice
          message={conflict.message}
          now={
            <>
              <p>
                Status now: <RepairStatusPill status={conflict.status} overdue={false} />
              </p>
              <p>Estimate now: {conflict.estimate || "none"}</p>
              <p>Promised now: {conflict.promised}</p>
            </>
          }
        />
      ) : (
        <FormErrors errors={form.errors} />
      )}
      <StatusField selectProps={getSelectProps(fields.status)} errors={fields.status.errors} options={REPAIR_STATUSES.map((status) => ({ value: status, label: REPAIR_STATUS_LABELS[status] }))} />
      <Field
        label="Estimate in dollars (optional)"
        errors={fields.estimate.errors}
        inputProps={{ ...getInputProps(fields.estimate, { type: "text" }), inputMode: "decimal", autoComplete: "off" }}
      />
      <Field label="Promised date" errors={fields.promisedDate.errors} inputProps={getInputProps(fields.promisedDate, { type: "date" })} />
      <SaveWithMark form="status" intent="status">
        <button type="submit" className="button button--primary" disabled={saving}>
          {saving ? "Saving…" : "Save status"}
        </button>
      </SaveWithMark>
    </Form>
  );
}
