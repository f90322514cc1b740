import { getFormProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import { ErrorList, FormErrors, HoneypotField } from "~/components/ui/forms";
import { StaffTextSchema, type TextingState } from "~/records/rules";

/**
 * Texts the visitor from their record: only to a number with consent and not
 * opted out. Otherwise the button stays disabled and says why, next to it.
 */
export function StaffTextForm({ texting, lastResult }: { texting: TextingState; lastResult?: SubmissionResult<string[]> | undefined }) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formData?.get("intent") === "text";
  const [form, fields] = useForm({
    id: "staff-text",
    lastResult,
    constraint: getZodConstraint(StaffTextSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: StaffTextSchema }),
  });
  const disabled = texting.refusal !== null;
  const hintId = `${fields.message.id}-hint`;
  const countId = `${fields.message.id}-count`;
  const typed = fields.message.value?.length ?? 0;
  const reasonId = "staff-text-reason";

  return (
    <Form method="post" {...getFormProps(form)} key={texting.formId}>
      <HoneypotField />
      <input type="hidden" name="intent" value="text" />
      <input type="hidden" name="formId" value={texting.formId} />
      <FormErrors errors={form.errors} />
      <div className="field">
        <label htmlFor={fields.message.id}>Text to {texting.to ?? "this customer"}</label>
        <p id={hintId} className="field__hint">
          Up to {texting.maxLength} characters; the store&apos;s name is added at the end. For an answer, an update or a follow-up.
        </p>
        <textarea
          {...getTextareaProps(fields.message)}
          rows={3}
          maxLength={texting.maxLength}
          disabled={disabled}
          aria-invalid={fields.message.errors?.length ? true : undefined}
          aria-describedby={[hintId, countId, fields.message.errors?.length ? `${fields.message.id}-error` : ""].filter(Boolean).join(" ")}
        />
        {/* The browser's maxLength stops typing at the limit; the count says how close it is. */}
        <p id={countId} className="field__hint staff-text__count" data-near-limit={typed > texting.maxLength - 20 || undefined}>
          {typed} of {texting.maxLength} characters
        </p>
        <ErrorList id={`${fields.message.id}-error`} errors={fields.message.errors} />
      </div>
      <div className="staff-text__actions">
        <button type="submit" className="button button--primary" disabled={disabled || sending} aria-describedby={disabled ? reasonId : undefined}>
          {sending ? "Sending…" : "Send text"}
        </button>
        {disabled ? (
          <p id={reasonId} className="staff-text__reason">
            Texting is off: {texting.refusal}
          </p>
        ) : !texting.providerReady ? (
          <p className="field__hint">The SMS provider is not connected yet: texts wait in the outbox until it is.</p>
        ) : null}
      </div>
    </Form>
  );
}
