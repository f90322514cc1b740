import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import { Field, FormErrors, HoneypotField, TextareaField } from "~/components/ui/forms";
import { EstimateRequestSchema } from "~/repairs/rules";

/** The intent a post of this form carries, beside the status form's on the same page. */
export const ESTIMATE_INTENT = "estimate";

/**
 * "Ask for approval" on a repair's page (decision 141): the amount and the work found. Saving sets the repair
 * Waiting for approval and tells the customer once, by text and/or e-mail as they agreed at the counter.
 */
export function EstimateRequestForm({ version, result }: { version: number; result: SubmissionResult<string[]> | undefined }) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: `estimate-${version}`,
    lastResult: result,
    constraint: getZodConstraint(EstimateRequestSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: EstimateRequestSchema }),
  });
  const sending = navigation.state === "submitting" && navigation.formData?.get("intent") === ESTIMATE_INTENT;
  return (
    <Form method="post" {...getFormProps(form)} className="repair-form" aria-label="Ask for approval">
      <HoneypotField />
      <input type="hidden" name="intent" value={ESTIMATE_INTENT} />
      <input type="hidden" name="version" value={version} />
      <FormErrors errors={form.errors} />
      <Field
        label="Estimate in dollars"
        errors={fields.amount.errors}
        inputProps={{ ...getInputProps(fields.amount, { type: "text" }), inputMode: "decimal", autoComplete: "off" }}
      />
      <TextareaField
        label="Work found (the customer reads this)"
        hint="For example: two prongs are worn thin; retip all four and tighten the stone."
        errors={fields.description.errors}
        textareaProps={{ ...getTextareaProps(fields.description), rows: 3 }}
      />
      <button type="submit" className="button button--primary" disabled={sending}>
        {sending ? "Sending…" : "Ask for approval"}
      </button>
    </Form>
  );
}
