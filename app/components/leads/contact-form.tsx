import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, useLoaderData, useNavigation } from "react-router";
import { z } from "zod";
import { CheckboxField, Field, FormErrors, HoneypotField, TextareaField } from "~/components/ui/forms";
import { emailField, messageField, nameField, phoneField } from "~/leads/rules/fields";
import { SMS_CONSENT_TEXT } from "~/leads/consent";
import { useActionToast } from "~/http/toast";
import type { SubmissionResult } from "@conform-to/react";
import type { loader } from "~/leads/contact.server";
import { SubmissionTokenField } from "~/components/leads/submission-token-field";

export const ContactSchema = z.object({
  name: nameField,
  phoneNumber: phoneField,
  email: emailField,
  message: messageField,
  smsConsent: z.literal("on", { error: "Please agree to receive text messages so we can reply." }),
});

type ContactActionData = { result?: SubmissionResult<string[]> } | undefined;

/** Rendered by the contact page, whose loader (contact.server.ts) issues the submission token. */
export function ContactForm({ actionData }: { actionData: ContactActionData }) {
  const { submissionToken } = useLoaderData<typeof loader>();
  // A stored message brings a new token (the page reloads its data): start over with an
  // empty form. A refused post keeps its token, so the form keeps what was typed.
  return <ContactFormFields key={submissionToken} submissionToken={submissionToken} actionData={actionData} />;
}

function ContactFormFields({ submissionToken, actionData }: { submissionToken: string; actionData: ContactActionData }) {
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
        label={
          <>
            {SMS_CONSENT_TEXT.replace(" See our SMS Terms and Privacy Policy.", "")} See our{" "}
            <a href="/sms-terms">SMS Terms</a> and <a href="/privacy">Privacy Policy</a>.
          </>
        }
        errors={fields.smsConsent.errors}
        inputProps={{ ...getInputProps(fields.smsConsent, { type: "checkbox" }), value: "on" }}
      />
      <button type="submit" className="button button--primary" disabled={submitting}>
        {submitting ? "Sending…" : "Send message"}
      </button>
    </Form>
  );
}
