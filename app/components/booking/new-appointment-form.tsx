import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import { CheckboxField, ErrorList, Field, FormErrors, HoneypotField, SelectField } from "~/components/ui/forms";
import { PHONE_BOOKING_CONSENT } from "~/leads/consent";
import { BookingSchema, SERVICES } from "~/leads/rules/appointment";
import { StaffTimePicker } from "./staff-scheduler";

/**
 * A booking a clerk takes on the phone, for the day chosen above: a time, the
 * caller's details, and the text consent read aloud. Render with `key={formId}`.
 */
export function NewAppointmentForm({
  formId,
  day,
  result,
}: {
  formId: string;
  /** The chosen day and its open times. */
  day: { date: string; dateLabel: string; times: readonly string[] };
  result: SubmissionResult<string[]> | undefined;
}) {
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    id: `new-appointment-${formId}`,
    lastResult: result,
    defaultValue: { date: day.date },
    constraint: getZodConstraint(BookingSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: BookingSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="repair-form" aria-label="Time and caller">
      <HoneypotField />
      <input type="hidden" name="formId" value={formId} />
      <FormErrors errors={form.errors} />
      <ErrorList errors={fields.date.errors} />
      <StaffTimePicker {...day} chosen={fields.time.initialValue} errors={fields.time.errors} />
      <fieldset className="repair-form__group">
        <legend>Caller</legend>
        <Field label="Name" errors={fields.name.errors} inputProps={{ ...getInputProps(fields.name, { type: "text" }), autoComplete: "off" }} />
        <Field label="Phone" errors={fields.phone.errors} inputProps={{ ...getInputProps(fields.phone, { type: "tel" }), autoComplete: "off" }} />
        <Field
          label="E-mail (optional)"
          hint="The confirmation, the calendar file and a link to change or cancel go here."
          errors={fields.email.errors}
          inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "off" }}
        />
        <SelectField label="Service" placeholder="Choose a service" options={SERVICES} errors={fields.service.errors} selectProps={getSelectProps(fields.service)} />
      </fieldset>
      <CheckboxField
        label="The caller agrees to texts about this visit (read this to them):"
        hint={PHONE_BOOKING_CONSENT.text}
        errors={fields.smsConsent.errors}
        inputProps={{ ...getInputProps(fields.smsConsent, { type: "checkbox" }), value: "on" }}
      />
      <button type="submit" className="button button--primary" disabled={busy}>
        {busy ? "Booking…" : "Book appointment"}
      </button>
    </Form>
  );
}
