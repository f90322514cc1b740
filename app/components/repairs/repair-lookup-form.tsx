import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import { Field, FormErrors, HoneypotField } from "~/components/ui/forms";
import { RepairLookupSchema } from "~/repairs/rules";

/** The customer's look-up: the ticket number and the phone's last four digits. Works as a plain post. */
export function RepairLookupForm({ ticket, result }: { ticket: string; result: SubmissionResult<string[]> | undefined }) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "repair-lookup",
    lastResult: result,
    defaultValue: { ticket },
    constraint: getZodConstraint(RepairLookupSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: RepairLookupSchema }),
  });
  const looking = navigation.state === "submitting" && navigation.formAction === "/repair";
  return (
    <Form method="post" action="/repair" {...getFormProps(form)} className="repair-lookup">
      <HoneypotField />
      <FormErrors errors={form.errors} />
      <Field
        label="Ticket number"
        hint="On your claim ticket, like R-7K3M-9Q."
        errors={fields.ticket.errors}
        inputProps={{ ...getInputProps(fields.ticket, { type: "text" }), autoComplete: "off", autoCapitalize: "characters", spellCheck: false }}
      />
      <Field
        label="Last 4 digits of your phone"
        errors={fields.last4.errors}
        inputProps={{ ...getInputProps(fields.last4, { type: "text" }), inputMode: "numeric", autoComplete: "off" }}
      />
      <button type="submit" className="button button--primary" disabled={looking}>
        {looking ? "Checking…" : "Check my repair"}
      </button>
    </Form>
  );
}
