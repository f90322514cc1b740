import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import { CheckboxField, ErrorSummary, Field, HoneypotField, summaryItems, TextareaField, useSubmitAttempts } from "~/components/ui/forms";
import { ContactSchema } from "~/leads/rules/contact";
import { SmsConsentDisclosure } from "~/components/leads/sms-consent-disclosure";
import { PROMO_CONSENT_TEXT } from "~/leads/consent";
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
    // Judged on submit, then as the visitor corrects a field (issue 27): never before they have tried.
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ContactSchema }),
  });
  useActionToast(actionData);
  const { attempts, countSubmit } = useSubmitAttempts(actionData);
  const submitting = navigation.state === "submitting" && navigation.formAction === "/contactus";
  const summary = summaryItems(
    form.errors,
    form.allErrors,
    Object.fromEntries([fields.name, fields.phone, fields.email, fields.message, fields.smsConsent, fields.promoConsent].map((field) => [field.name, field.id])),
  );
  const formProps = getFormProps(form);

  return (
    <Form
      method="post"
      action="/contactus"
      {...formProps}
      onSubmit={(event) => {
        countSubmit();
        formProps.onSubmit(event);
      }}
    >
      <HoneypotField />
      <SubmissionTokenField token={submissionToken} />
      <ErrorSummary id="contact-form-problems" items={summary} focusKey={attempts} />
      <Field label="Name" errors={fields.name.errors} inputProps={{ ...getInputProps(fields.name, { type: "text" }), autoComplete: "name" }} />
      <Field label="Phone number" errors={fields.phone.errors} inputProps={{ ...getInputProps(fields.phone, { type: "tel" }), autoComplete: "tel" }} />
      <Field label="E-mail" errors={fields.email.errors} inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email" }} />
      <TextareaField label="Message" errors={fields.message.errors} textareaProps={getTextareaProps(fields.message)} />
      <CheckboxField
        label={<SmsConsentDisclosure />}
        errors={fields.smsConsent.errors}
        inputProps={{ ...getInputProps(fields.smsConsent, { type: "checkbox" }), value: "on" }}
      />
      <CheckboxField
        label={PROMO_CONSENT_TEXT}
        errors={fields.promoConsent.errors}
        inputProps={{ ...getInputProps(fields.promoConsent, { type: "checkbox" }), value: "on" }}
      />
      <button type="submit" className="button button--primary" disabled={submitting}>
        {submitting ? "Sending…" : "Send message"}
      </button>
    </Form>
  );
}
