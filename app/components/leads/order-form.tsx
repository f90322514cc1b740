import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useState } from "react";
import { Form, useNavigate, useNavigation } from "react-router";
import { ErrorSummary, Field, HoneypotField, SelectField, summaryItems, TextareaField, useSubmitAttempts } from "~/components/ui/forms";
import { PhotoField, UploadProgress } from "~/components/leads/photo-field";
import { SubmissionTokenField } from "~/components/leads/submission-token-field";
import { useHydrated } from "~/components/site/use-hydrated";
import { ORDER_CHOICES, OrderSchema, PIECE_DESCRIPTION_MAX, type OrderChoice } from "~/leads/rules/order";
import type { Toast } from "~/http/toast";
import { useActionToast } from "~/http/toast";
import { PHOTOS_FIELD, type KeptPhoto } from "~/photos/rules";

interface OrderFormProps {
  submissionToken: string;
  actionData: { result?: SubmissionResult<string[]>; kept?: KeptPhoto[] } | undefined;
}

/** What /orderOnline/send answered, as JSON, or the words of a refusal that is not (413, 429). */
type SendAnswer = { result?: SubmissionResult<string[]>; kept?: KeptPhoto[]; toast?: Toast; stored?: true } | { problem: string };

const SEND_URL = "/orderOnline/send";
const CONNECTION_PROBLEM = "We couldn't send your order. Please check your connection and try again.";

/**
 * With JavaScript the form goes to /orderOnline/send through XMLHttpRequest,
 * the one browser API that reports how much of an upload has been sent (fetch
 * does not), and its JSON answer is shown here. A stored order reloads the page,
 * which shows the success toast and a fresh, empty form.
 */
function useSendWithProgress() {
  const navigate = useNavigate();
  const [sending, setSending] = useState<{ withPhotos: boolean; fraction: number } | null>(null);
  const [answer, setAnswer] = useState<SendAnswer | null>(null);

  function send(formData: FormData) {
    const withPhotos = formData.getAll(PHOTOS_FIELD).some((value) => value instanceof File && value.size > 0);
    const request = new XMLHttpRequest();
    request.open("POST", SEND_URL);
    request.upload.addEventListener("progress", (event) => {
      if (event.lengthComputable) setSending({ withPhotos, fraction: event.loaded / event.total });
    });
    request.addEventListener("load", () => {
      const json = (request.getResponseHeader("Content-Type") ?? "").includes("application/json");
      let body: SendAnswer = { problem: request.responseText.trim() || CONNECTION_PROBLEM };
      if (json) {
        try {
          body = JSON.parse(request.responseText) as SendAnswer;
        } catch {
          // keep the plain words
        }
      }
      if ("stored" in body && body.stored) {
        void navigate("/orderOnline", { replace: true });
        return;
      }
      setSending(null);
      setAnswer(body);
    });
    request.addEventListener("error", () => {
      setSending(null);
      setAnswer({ problem: CONNECTION_PROBLEM });
    });
    setAnswer(null);
    setSending({ withPhotos, fraction: 0 });
    request.send(formData);
  }
  return { send, sending, answer };
}

/** Render with `key={submissionToken}`: a stored order brings a new token and so an empty form; a refused one keeps what was typed. */
export function OrderForm({ submissionToken, actionData }: OrderFormProps) {
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const { send, sending, answer } = useSendWithProgress();
  const sent = answer && !("problem" in answer) ? answer : undefined;
  const [form, fields] = useForm({
    lastResult: sent ? sent.result : actionData?.result,
    constraint: getZodConstraint(OrderSchema),
    // Judged on submit, then as the visitor corrects a field (issue 27): never before they have tried.
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: OrderSchema }),
    onSubmit(event, { formData }) {
      event.preventDefault();
      send(formData);
    },
  });
  useActionToast(sent ?? actionData);
  const { attempts, countSubmit } = useSubmitAttempts(answer ?? actionData);
  const submitting = Boolean(sending) || (navigation.state === "submitting" && navigation.formAction === "/orderOnline");
  const formErrors = [...(form.errors ?? []), ...(answer && "problem" in answer ? [answer.problem] : [])];
  const summaryFields = [
    fields.name,
    fields.phone,
    fields.email,
    ...ORDER_CHOICES.flatMap((choice) => [fields[choice.select], fields[choice.text]]),
    fields.pieceDescription,
  ];
  const summary = summaryItems(formErrors, form.allErrors, {
    ...Object.fromEntries(summaryFields.map((field) => [field.name, field.id])),
    // The photo input's id is React's own (useId): its problems are listed, unlinked.
    [PHOTOS_FIELD]: "",
  });
  const formProps = getFormProps(form);

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
    <Form
      method="post"
      action="/orderOnline"
      encType="multipart/form-data"
      className="lead-form"
      {...formProps}
      onSubmit={(event) => {
        countSubmit();
        formProps.onSubmit(event);
      }}
    >
      <HoneypotField />
      <SubmissionTokenField token={submissionToken} />
      <ErrorSummary id="order-form-problems" items={summary} focusKey={attempts} />
      <Field label="Name" errors={fields.name.errors} inputProps={{ ...getInputProps(fields.name, { type: "text" }), autoComplete: "name" }} />
      <Field
        label="Phone number"
        errors={fields.phone.errors}
        inputProps={{ ...getInputProps(fields.phone, { type: "tel" }), autoComplete: "tel" }}
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
      <TextareaField
        label="Tell us about your piece (optional)"
        hint="Size, engraving, budget, the date you need it by: anything that helps us plan."
        errors={fields.pieceDescription.errors}
        textareaProps={{ ...getTextareaProps(fields.pieceDescription), maxLength: PIECE_DESCRIPTION_MAX }}
      />
      {/* Last, so the photos travel after every other answer (the server reads them in this order). */}
      <PhotoField errors={form.allErrors[PHOTOS_FIELD]} kept={(sent ?? actionData)?.kept} />
      {sending?.withPhotos ? <UploadProgress fraction={sending.fraction} /> : null}
      <button type="submit" className="button button--primary" disabled={submitting}>
        {submitting ? "Submitting…" : "Submit order"}
      </button>
    </Form>
  );
}
