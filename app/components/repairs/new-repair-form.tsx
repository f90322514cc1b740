import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import { CheckboxField, ErrorList, Field, FormErrors, HoneypotField, SelectField, TextareaField } from "~/components/ui/forms";
import { PHOTOS_FIELD } from "~/photos/rules";
import { CONDITION_PICKS, NewRepairSchema, REPAIR_TEXT_CONSENT_TEXT, WORK_TYPES } from "~/repairs/rules";
import { RepairPhotoField } from "./intake-photo-field";
import { REPAIRS_PATH } from "~/repairs/view";

/** Render with `key={formId}`: a stored repair brings a new form id and so an empty form. */
export function NewRepairForm({ formId, today, result }: { formId: string; today: string; result: SubmissionResult<string[]> | undefined }) {
  const navigation = useNavigation();
  const action = `${REPAIRS_PATH}/new`;
  const [form, fields] = useForm({
    id: `new-repair-${formId}`,
    lastResult: result,
    constraint: getZodConstraint(NewRepairSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: NewRepairSchema }),
  });
  const saving = navigation.state === "submitting" && navigation.formAction === action;
  // One pick comes back as a string, several as a list.
  const picked: unknown[] = [fields.conditionPicks.initialValue ?? []].flat();
  return (
    // Multipart for the intake photos: the server reads it as it streams, through the order form's photo checks.
    <Form method="post" action={action} encType="multipart/form-data" {...getFormProps(form)} className="repair-form" aria-label="New repair">
      <HoneypotField />
      <input type="hidden" name="formId" value={formId} />
      <FormErrors errors={[...(form.errors ?? []), ...(fields.formId.errors ?? [])]} />
      <fieldset className="repair-form__group">
        <legend>Customer</legend>
        <Field label="Name" errors={fields.name.errors} inputProps={{ ...getInputProps(fields.name, { type: "text" }), autoComplete: "off" }} />
        <Field label="Phone" errors={fields.phone.errors} inputProps={{ ...getInputProps(fields.phone, { type: "tel" }), autoComplete: "off" }} />
        <Field
          label="E-mail (optional)"
          hint="We e-mail the customer when the repair is ready."
          errors={fields.email.errors}
          inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "off" }}
        />
      </fieldset>
      <fieldset className="repair-form__group">
        <legend>The repair</legend>
        <Field
          label="Item"
          hint="For example: 14k yellow gold ring."
          errors={fields.item.errors}
          inputProps={{ ...getInputProps(fields.item, { type: "text" }), autoComplete: "off", required: true }}
        />
        <SelectField label="Work" placeholder="Choose the work" options={WORK_TYPES} errors={fields.work.errors} selectProps={getSelectProps(fields.work)} />
        <Field
          label="Work details"
          hint="Required for “Other”; a detail for any work (size 7 to 8, which stone)."
          errors={fields.workDetail.errors}
          inputProps={{ ...getInputProps(fields.workDetail, { type: "text" }), autoComplete: "off" }}
        />
        <Field
          label="Estimate in dollars (optional)"
          errors={fields.estimate.errors}
          inputProps={{ ...getInputProps(fields.estimate, { type: "text" }), inputMode: "decimal", autoComplete: "off" }}
        />
        <Field
          label="Promised date"
          errors={fields.promisedDate.errors}
          inputProps={{ ...getInputProps(fields.promisedDate, { type: "date" }), min: today }}
        />
        <TextareaField label="Staff note (only staff see it)" errors={fields.staffNote.errors} textareaProps={{ ...getTextareaProps(fields.staffNote), rows: 3 }} />
      </fieldset>
      <fieldset className="repair-form__group">
        <legend>Condition when it came in</legend>
        <div className="condition-picks" role="group" aria-label="Quick picks">
          {CONDITION_PICKS.map((pick) => (
            <label key={pick} className="condition-picks__pick">
              <input type="checkbox" name={fields.conditionPicks.name} value={pick} defaultChecked={picked.includes(pick)} />
              {pick}
            </label>
          ))}
        </div>
        <ErrorList errors={fields.conditionPicks.errors} />
        <TextareaField
          label="Condition notes"
          hint="What the customer and you see now: where a scratch is, which stone is loose."
          errors={fields.conditionNotes.errors}
          textareaProps={{ ...getTextareaProps(fields.conditionNotes), rows: 3 }}
        />
      </fieldset>
      <RepairPhotoField
        id={`${form.id}-photos`}
        label="Intake photos (optional)"
        hint="Up to 6 photos of the piece as it came in, 10 MB each. Only staff see them; the location a phone stores is removed."
        errors={form.allErrors[PHOTOS_FIELD]}
      />
      <CheckboxField
        label="The customer agrees to texts about this repair (read this to them):"
        hint={REPAIR_TEXT_CONSENT_TEXT}
        errors={fields.textConsent.errors}
        inputProps={{ ...getInputProps(fields.textConsent, { type: "checkbox" }), value: "on" }}
      />
      <button type="submit" className="button button--primary" disabled={saving}>
        {saving ? "Saving…" : "Log repair and print ticket"}
      </button>
    </Form>
  );
}
