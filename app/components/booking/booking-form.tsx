import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { CheckboxField, ErrorList, ErrorSummary, Field, HoneypotField, SelectField, summaryItems, useSubmitAttempts } from "~/components/ui/forms";
import { SmsConsentDisclosure } from "~/components/leads/sms-consent-disclosure";
import { SubmissionTokenField } from "~/components/leads/submission-token-field";
import { useHydrated } from "~/components/site/use-hydrated";
import { isCalendarDate, SCHEDULER_DAYS, type SpecialDay } from "~/core/slots";
import { formatCalendarDay } from "~/core/store-time";
import { DayChips, TimeChips } from "./scheduler-chips";
import { SpecialDaysNotice } from "./special-days-notice";
import { useDayTimes } from "./use-day-times";
import { store } from "~/config/store";
import { useActionToast, type Toast } from "~/http/toast";
import type { BookedAppointment } from "~/leads/rules/appointment";
import { INLINE_ANSWER } from "~/http/inline-answer";
import { BookingSchema, SERVICES, SMS_OPT_IN_LABEL, type Availability } from "~/leads/rules/appointment";

/** What the /book loader gives the form. */
export interface BookingSetup {
  submissionToken: string;
  /** The store's today and the last bookable day, YYYY-MM-DD. */
  today: string;
  lastDate: string;
  availability: Availability | null;
  /** The scheduler's days: the next days with open times, each with its times. */
  days: Availability[];
  /** The store's special days of the next two weeks (closed, other hours). */
  specialDays: readonly SpecialDay[];
}

/** Where the page opens after "Show times for this day" without JavaScript: at the times. */
const BOOKING_TIMES_ANCHOR = "booking-times";

/** What the /book action answers (besides a redirect). */
export interface BookingActionData {
  result?: SubmissionResult<string[]>;
  availability?: Availability | null;
  booked?: BookedAppointment;
  toast?: Toast;
}

interface BookingFormProps {
  /** The form's id, and the prefix of its fields' ids. */
  id: string;
  setup: BookingSetup;
  /** The /book route's own action data (a post made without JavaScript). */
  actionData?: BookingActionData | undefined;
  /** Called once per booking made here with JavaScript; the page shows the result in place of the form. */
  onBooked: (booking: BookedAppointment) => void;
}

/**
 * The appointment form of /book. The days with open
 * times are choices, and the chosen day's times are chips (radio buttons), the
 * same markup with and without JavaScript. Without JavaScript it posts to /book:
 * the day is a step ("Show times for this day"), success redirects. With
 * JavaScript it posts through a fetcher and asks for a data answer, shows a
 * day's times as soon as it is chosen (and checks them again), and stays in place.
 */
export function BookingForm({ id, setup, actionData: pageActionData, onBooked }: BookingFormProps) {
  const hydrated = useHydrated();
  const submitter = useFetcher<BookingActionData>();
  const actionData = submitter.data ?? pageActionData;
  const dayTimes = useDayTimes([actionData?.availability, setup.availability, ...setup.days], (day) => `/book?${new URLSearchParams({ date: day })}`);
  const booked = actionData?.booked;

  const [form, fields] = useForm({
    id,
    lastResult: booked ? undefined : actionData?.result,
    // A day named in the URL (/book?date=…) is chosen, its times shown.
    defaultValue: setup.availability ? { date: setup.availability.date } : undefined,
    constraint: getZodConstraint(BookingSchema),
    // Judged on submit, then as the visitor corrects a field (issue 27): never before they have tried.
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: BookingSchema }),
  });
  useActionToast(actionData);
  const { attempts, countSubmit } = useSubmitAttempts(booked ? undefined : actionData);

  const handledBooking = useRef<string | null>(null);
  useEffect(() => {
    if (booked && submitter.state === "idle" && handledBooking.current !== booked.reference) {
      handledBooking.current = booked.reference;
      onBooked(booked);
    }
  }, [booked, submitter.state, onBooked]);

  // A failure (nothing stored) is a toast too; the summary keeps it where the visitor looks.
  const failure = actionData?.toast?.type === "error" ? actionData.toast.message : null;
  const date = fields.date.value ?? "";
  // The newest word on the chosen day's open times: the scheduler's days, a fresh look at the
  // day, or the answer to a post (e.g. "that time was just taken": here is what is left).
  const times = dayTimes.timesOn(date);
  const loadingTimes = dayTimes.checking;
  const submitting = submitter.state === "submitting";
  const dayId = (index: number) => `${fields.date.id}-${index}`;
  // The scheduler's days, and a day the post named that is not among them (a later day sent
  // from elsewhere), so what was chosen is never lost.
  const chosenDay = fields.date.initialValue;
  const dayChoices = setup.days.map((day) => day.date);
  // A day the server refused (closed since the page loaded) is not offered again.
  if (chosenDay && isCalendarDate(chosenDay) && !dayChoices.includes(chosenDay) && !fields.date.errors?.length) dayChoices.push(chosenDay);
  const timeId = (index: number) => `${fields.time.id}-${index}`;
  const showsTimes = Boolean(date && times && times.length > 0);

  const formErrors = [...(failure ? [failure] : []), ...(form.errors ?? []).filter((error) => error !== failure)];
  const summary = summaryItems(formErrors, form.allErrors, {
    [fields.name.name]: fields.name.id,
    [fields.phone.name]: fields.phone.id,
    [fields.service.name]: fields.service.id,
    [fields.date.name]: dayId(0),
    // The time's problem is named once its day is chosen and its times are on the page.
    ...(showsTimes ? { [fields.time.name]: timeId(0) } : {}),
    [fields.email.name]: fields.email.id,
    [fields.smsConsent.name]: fields.smsConsent.id,
  });

  function chooseDate(value: string) {
    // A new day has new times: the old choice, and any complaint about it, no longer mean anything.
    form.reset({ name: fields.time.name });
    dayTimes.check(value);
  }

  const formProps = getFormProps(form);
  return (
    <submitter.Form
      method="post"
      action="/book"
      className="lead-form booking-form"
      {...formProps}
      onSubmit={(event) => {
        countSubmit();
        formProps.onSubmit(event);
      }}
    >
      <HoneypotField />
      <SubmissionTokenField token={setup.submissionToken} />
      {hydrated ? <input type="hidden" name={INLINE_ANSWER.name} value={INLINE_ANSWER.value} /> : null}
      <ErrorSummary id={`${id}-problems`} items={summary} focusKey={attempts} />
      <Field label="Name" errors={fields.name.errors} inputProps={{ ...getInputProps(fields.name, { type: "text" }), autoComplete: "name" }} />
      <Field label="Phone" errors={fields.phone.errors} inputProps={{ ...getInputProps(fields.phone, { type: "tel" }), autoComplete: "tel" }} />
      <SelectField
        label="Service"
        errors={fields.service.errors}
        placeholder="Choose a service"
        options={SERVICES}
        selectProps={getSelectProps(fields.service)}
      />
      <fieldset
        className="field choice-group booking-form__days"
        aria-describedby={fields.date.errors?.length ? `${fields.date.id}-error` : `${fields.date.id}-hint`}
      >
        <legend>
          Day<span className="field__required"> (required)</span>
        </legend>
        <p id={`${fields.date.id}-hint`} className="field__hint">
          The next {SCHEDULER_DAYS} days with open times. Further ahead? Call us at {store.phone.display}.
        </p>
        <SpecialDaysNotice days={setup.specialDays} />
        <DayChips
          name={fields.date.name}
          days={dayChoices}
          chosen={fields.date.initialValue}
          idPrefix={fields.date.id}
          invalid={Boolean(fields.date.errors?.length)}
          onChoose={chooseDate}
        />
        <ErrorList id={`${fields.date.id}-error`} errors={fields.date.errors} />
        {setup.days.length === 0 ? (
          <p className="booking-form__no-times">No open times are left in the next weeks. Please call us to book.</p>
        ) : null}
        {hydrated ? null : (
          <button
            className="button button--secondary booking-form__show-times"
            {...form.validate.getButtonProps({ name: fields.date.name })}
            formAction={`/book#${BOOKING_TIMES_ANCHOR}`}
          >
            Show times for this day
          </button>
        )}
      </fieldset>
      {/* Without JavaScript, "Show times for this day" lands here (its post's URL ends in #booking-times). */}
      <div id={BOOKING_TIMES_ANCHOR} className="booking-form__time" aria-live="polite">
        {!date ? null : showsTimes ? (
          <fieldset
            key={date}
            className="field choice-group"
            aria-describedby={fields.time.errors?.length ? `${fields.time.id}-error` : undefined}
          >
            <legend>
              Time on {formatCalendarDay(date)}<span className="field__required"> (required)</span>
            </legend>
            <TimeChips
              name={fields.time.name}
              times={times!}
              chosen={fields.time.initialValue}
              idPrefix={fields.time.id}
              invalid={Boolean(fields.time.errors?.length)}
            />
            <ErrorList id={`${fields.time.id}-error`} errors={fields.time.errors} />
          </fieldset>
        ) : loadingTimes ? (
          <p className="field__hint">Finding open times…</p>
        ) : times ? (
          <div className="field">
            <p className="booking-form__no-times">No open times are left on this day. Please choose another day.</p>
            <ErrorList errors={fields.time.errors} />
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
