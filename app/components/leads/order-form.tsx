import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import { Field, FormErrors, HoneypotField, SelectField } from "~/components/ui/forms";
import { SubmissionTokenField } from "~/components/leads/submission-token-field";
import { useHydrated } from "~/components/site/use-hydrated";
import { ORDER_CHOICES, OrderSchema, type OrderChoice } from "~/leads/rules/order";
import { useActionToast } from "~/http/toast";

interface OrderFormProps {
  submissionToken: string;
  actionData: { result?: SubmissionResult<string[]> } | undefined;
}

/** Render with `key={submissionToken}`: a stored order brings a new token and so an empty form; a refused one keeps what was typed. */
export function OrderForm({ submissionToken, actionData }: OrderFormProps) {
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    constraint: getZodConstraint(OrderSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: OrderSchema }),
  });
  useActionToast(actionData);
  const submitting = navigation.state === "submitting" && navigation.formAction === "/orderOnline";

  function otherField(choice: OrderChoice) {
    const field = fields[choice.text];
    const chosen = fields[choice.select].value === "Other";
    // With JavaScript the box appears only for "Other"; without it, it is always
    // there and the server asks for it only when its select says "Other".
    if (hydrated && !chosen) return null;
    return (
      <Field
        label={hydrated ? `Describe ${choice.describe}` : `If you chose Other: describe ${choice.describe}`}
        errors={field.errors}
        inputProps={{ ...getInputProps(field, { type: "text" }), required: hydrated ? true : undefined, maxLength: 100 }}
      />
    );
  }

  return (
    <Form method="post" action="/orderOnline" className="lead-form" {...getFormProps(form)}>
      <HoneypotField />
      <SubmissionTokenField token={submissionToken} />
      <FormErrors errors={form.errors} />
      <Field label="Name" errors={fields.name.errors} inputProps={{ ...getInputProps(fields.name, { type: "text" }), autoComplete: "name" }} />
      <Field
        label="Phone number"
        errors={fields.phoneNumber.errors}
        inputProps={{ ...getInputProps(fields.phoneNumber, { type: "tel" }), autoComplete: "tel" }}
      />
      <Field label="E-mail" errors={fields.email.errors} inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email" }} />
      {ORDER_CHOICES.map((choice) => (
        <div key={choice.select} className="lead-form__choice">
          <SelectField
            label={choice.label}
            errors={fields[choice.select].errors}
            placeholder={choice.placeholder}
            options={choice.options}
            selectProps={getSelectProps(fields[choice.select])}
          />
          {otherField(choice)}
        </div>
      ))}
      <button type="submit" className="button button--primary" disabled={submitting}>
        {submitting ? "Submitting…" : "Submit order"}
      </button>
    </Form>
  );
}
