import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { CheckboxField, Field, FormErrors, HoneypotField, SelectField } from "~/components/ui/forms";
import { SmsConsentDisclosure } from "~/components/leads/sms-consent-disclosure";
import { SubmissionTokenField } from "~/components/leads/submission-token-field";
import { useHydrated } from "~/components/site/use-hydrated";
import { isCalendarDate } from "~/leads/slots";
import { useActionToast, type Toast } from "~/http/toast";
import type { BookedAppointment } from "~/leads/rules/appointment";
import { INLINE_ANSWER } from "~/http/inline-answer";
import { BookingSchema, SERVICES, SMS_OPT_IN_LABEL, type Availability } from "~/leads/rules/appointment";

/** What the /book loader gives the form (the page passes its loader data, the dialog fetches it). */
export interface BookingSetup {
  submissionToken: string;
  /** The store's today and the last bookable day, YYYY-MM-DD. */
  today: string;
  lastDate: string;
  availability: Availability | null;
}

/** What the /book action answers (besides a redirect). */
export interface BookingActionData {
  result?: SubmissionResult<string[]>;
  availability?: Availability | null;
  booked?: BookedAppointment;
  toast?: Toast;
}

interface BookingFormProps {
  /** Keeps element ids unique if the page and the dialog ever share a document. */
  id: string;
  setup: BookingSetup;
  /** The /book route's own action data (a post made without JavaScript). */
  actionData?: BookingActionData | undefined;
  /** Called once per booking made here with JavaScript; the parent closes, resets and confirms. */
  onBooked: (booking: BookedAppointment) => void;
  /** Repeat a failure toast inside the form: a modal dialog covers the toast area. */
  showFailureInline?: boolean;
}

/**
 * The appointment form, for the /book page and the dialog. Without JavaScript
 * it posts to /book: the date is a step ("Show available times"), success
 * redirects. With JavaScript it posts through a fetcher and asks for a data
 * answer, loads a day's times as soon as the date changes, and stays in place.
 */
export function BookingForm({ id, setup, actionData: pageActionData, onBooked, showFailureInline }: BookingFormProps) {
  const hydrated = useHydrated();
  const submitter = useFetcher<BookingActionData>();
  const timesLoader = useFetcher<BookingSetup>();
  const actionData = submitter.data ?? pageActionData;
  const booked = actionData?.booked;

  const [form, fields] = useForm({
    id,
    lastResult: booked ? undefined : actionData?.result,
    constraint: getZodConstraint(BookingSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: BookingSchema }),
  });
  useActionToast(actionData);

  const handledBooking = useRef<string | null>(null);
  useEffect(() => {
    if (booked && submitter.state === "idle" && handledBooking.current !== booked.reference) {
      handledBooking.current = booked.reference;
      onBooked(booked);
    }
  }, [booked, submitter.state, onBooked]);

  const failure = showFailureInline && actionData?.toast?.type === "error" ? actionData.toast.message : null;
  const date = fields.date.value ?? "";
  // The newest word on the chosen day's open times: from loading the day, or from
  // the answer to a post (e.g. "that time was just taken": here is what is left).
  const times =
    [timesLoader.data?.availability, actionData?.availability, setup.availability]
      .filter((candidate) => candidate?.date === date)
      .sort((a, b) => b!.checkedAt - a!.checkedAt)[0]?.slots ?? null;
  const loadingTimes = timesLoader.state === "loading";
  const submitting = submitter.state === "submitting";

  function chooseDate(value: string) {
    // A new day has new times: the old choice no longer means anything.
    form.update({ name: fields.time.name, value: "" });
    if (isCalendarDate(value)) timesLoader.load(`/book?${new URLSearchParams({ date: value })}`);
  }

  return (
    <submitter.Form method="post" action="/book" className="lead-form booking-form" {...getFormProps(form)}>
      <HoneypotField />
      <SubmissionTokenField token={setup.submissionToken} />
      {hydrated ? <input type="hidden" name={INLINE_ANSWER.name} value={INLINE_ANSWER.value} /> : null}
      <FormErrors errors={failure ? [failure, ...(form.errors ?? [])] : form.errors} />
      <Field label="Name" errors={fields.name.errors} inputProps={{ ...getInputProps(fields.name, { type: "text" }), autoComplete: "name" }} />
      <Field label="Phone" errors={fields.phone.errors} inputProps={{ ...getInputProps(fields.phone, { type: "tel" }), autoComplete: "tel" }} />
      <SelectField
        label="Service"
        errors={fields.service.errors}
        placeholder="Choose a service"
        options={SERVICES}
        selectProps={getSelectProps(fields.service)}
      />
      <div className="booking-form__date">
        <Field
          label="Date"
          errors={fields.date.errors}
          inputProps={{
            ...getInputProps(fields.date, { type: "date" }),
            min: setup.today,
            max: setup.lastDate,
            onChange: (event) => chooseDate(event.currentTarget.value),
          }}
        />
        {hydrated ? null : (
          <button className="button button--secondary" {...form.validate.getButtonProps({ name: fields.date.name })}>
            Show available times
          </button>
        )}
      </div>
      <div className="booking-form__time" aria-live="polite">
        {!date ? null : loadingTimes && !times ? (
          <p className="field__hint">Finding open times…</p>
        ) : times && times.length > 0 ? (
          <SelectField
            label="Time"
            errors={fields.time.errors}
            placeholder="Choose a time"
            options={times}
            selectProps={getSelectProps(fields.time)}
          />
        ) : times ? (
          <div className="field">
            <p className="booking-form__no-times">No open times are left on this day. Please choose another date.</p>
            <FormErrors errors={fields.time.errors} />
          </div>
        ) : null}
      </div>
      <Field
        label="E-mail (optional)"
        hint="We e-mail your confirmation and a reminder, with a link to change or cancel."
        errors={fields.email.errors}
        inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email" }}
      />
      <CheckboxField
        label={SMS_OPT_IN_LABEL}
        hint={<SmsConsentDisclosure />}
        errors={fields.smsConsent.errors}
        inputProps={{ ...getInputProps(fields.smsConsent, { type: "checkbox" }), value: "on" }}
      />
      <button type="submit" className="button button--primary" disabled={submitting}>
        {submitting ? "Booking…" : "Book appointment"}
      </button>
    </submitter.Form>
  );
}
