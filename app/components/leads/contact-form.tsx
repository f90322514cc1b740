import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import { CheckboxField, Field, FormErrors, HoneypotField, TextareaField } from "~/components/ui/forms";
import { ContactSchema } from "~/leads/rules/contact";
import { SmsConsentDisclosure } from "~/components/leads/sms-consent-disclosure";
import { useActionToast } from "~/http/toast";
import type { SubmissionResult } from "@conform-to/react";
import { SubmissionTokenField } from "~/components/leads/submission-token-field";

type ContactActionData = { result?: SubmissionResult<string[]> } | undefined;

/** Render with `key={submissionToken}`: a stored message brings a new token and so an empty form; a refused one keeps what was typed. */
export function ContactForm({ submissionToken, actionData }: { submissionToken: string; actionData: ContactActionData }) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    constraint: getZodConstraint(ContactSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ContactSchema }),
  });
  useActionToast(actionData);
  const submitting = navigation.state === "submitting" && navigation.formAction === "/contactus";

  return (
    <Form method="post" action="/contactus" {...getFormProps(form)}>
      <HoneypotField />
      <SubmissionTokenField token={submissionToken} />
      <FormErrors errors={form.errors} />
      <Field label="Name" errors={fields.name.errors} inputProps={{ ...getInputProps(fields.name, { type: "text" }), autoComplete: "name" }} />
      <Field label="Phone number" errors={fields.phoneNumber.errors} inputProps={{ ...getInputProps(fields.phoneNumber, { type: "tel" }), autoComplete: "tel" }} />
      <Field label="E-mail" errors={fields.email.errors} inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email" }} />
      <TextareaField label="Message" errors={fields.message.errors} textareaProps={getTextareaProps(fields.message)} />
      <CheckboxField
        label={<SmsConsentDisclosure />}
        errors={fields.smsConsent.errors}
        inputProps={{ ...getInputProps(fields.smsConsent, { type: "checkbox" }), value: "on" }}
      />
      <button type="submit" className="button button--primary" disabled={submitting}>
        {submitting ? "Sending…" : "Send message"}
      </button>
    </Form>
  );
}
