import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import { Field, FormErrors, HoneypotField, StatusField, TextareaField } from "~/components/ui/forms";
import { estimateInput, RepairStatusSchema } from "~/repairs/rules";
import { REPAIR_STATUS_LABELS, REPAIR_STATUSES, type RepairStatus } from "~/core/repair-statuses";

interface ShownRepair {
  id: number;
  status: RepairStatus;
  version: number;
  estimateCents: number | null;
  promisedDate: string;
  staffNote: string;
}

/** Status, estimate, promised date and note; posts the version it shows, so a stale page changes nothing. */
export function RepairStatusForm({ repair, result }: { repair: ShownRepair; result: SubmissionResult<string[]> | undefined }) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting";
  const [form, fields] = useForm({
    id: `repair-${repair.id}-v${repair.version}`,
    lastResult: result,
    constraint: getZodConstraint(RepairStatusSchema),
    defaultValue: {
      status: repair.status,
      estimate: estimateInput(repair.estimateCents),
      promisedDate: repair.promisedDate,
      staffNote: repair.staffNote,
    },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: RepairStatusSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="repair-form">
      <HoneypotField />
      <input type="hidden" name="version" value={repair.version} />
      <input type="hidden" name="shownPromisedDate" value={repair.promisedDate} />
      <FormErrors errors={form.errors} />
      <StatusField selectProps={getSelectProps(fields.status)} errors={fields.status.errors} options={REPAIR_STATUSES.map((status) => ({ value: status, label: REPAIR_STATUS_LABELS[status] }))} />
      <Field
        label="Estimate in dollars (optional)"
        errors={fields.estimate.errors}
        inputProps={{ ...getInputProps(fields.estimate, { type: "text" }), inputMode: "decimal", autoComplete: "off" }}
      />
      <Field label="Promised date" errors={fields.promisedDate.errors} inputProps={getInputProps(fields.promisedDate, { type: "date" })} />
      <TextareaField label="Staff note (only staff see it)" errors={fields.staffNote.errors} textareaProps={{ ...getTextareaProps(fields.staffNote), rows: 3 }} />
      <button type="submit" className="button button--primary" disabled={saving}>
        {saving ? "Saving…" : "Save"}
      </button>
    </Form>
  );
}
