import { getFormProps, getSelectProps, getTextareaProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, isRouteErrorResponse, Link, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/record";
import { ErrorList, FormErrors, HoneypotField } from "~/components/ui/forms";
import { INBOX_LABELS, INBOXES, STATUS_LABELS, statusesFor, tabHref, type Inbox } from "~/inbox/view";
import { RecordDetails } from "~/components/inbox/record-details";
import { getCloudflare } from "~/http/request-context";
import { loadRecord, saveRecord } from "~/inbox/record.server";

const MAX_NOTE_LENGTH = 2000;

function detailsSchema(inbox: Inbox) {
  const statuses = statusesFor(inbox);
  return z.object({
    status: z.enum(statuses as [string, ...string[]], { error: "Choose one of the listed statuses." }).transform(
      (value) => value as (typeof statuses)[number],
    ),
    staffNote: z
      .string()
      .max(MAX_NOTE_LENGTH, `Keep the note to ${MAX_NOTE_LENGTH.toLocaleString("en-US")} characters or fewer.`)
      .default(""),
  });
}

/** One schema per inbox (no-show is for appointments only), built once at module scope. */
const DETAILS_SCHEMAS = Object.fromEntries(INBOXES.map((inbox) => [inbox, detailsSchema(inbox)])) as Record<
  Inbox,
  ReturnType<typeof detailsSchema>
>;

export function meta({ loaderData }: Route.MetaArgs) {
  const title = loaderData ? `${loaderData.lead.name} | Staff dashboard` : "Not found | Staff dashboard";
  return [{ title }, { name: "robots", content: "noindex, nofollow" }];
}

export async function loader({ params, context }: Route.LoaderArgs) {
  return loadRecord(getCloudflare(context).env, params);
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return saveRecord(request, context, params, (inbox) => DETAILS_SCHEMAS[inbox]);
}

export default function RecordPage({ loaderData, actionData }: Route.ComponentProps) {
  const { lead } = loaderData;
  const schema = DETAILS_SCHEMAS[lead.inbox];
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formMethod?.toUpperCase() === "POST";
  const [form, fields] = useForm({
    id: `record-${lead.inbox}-${lead.id}`,
    lastResult: actionData && "result" in actionData ? actionData.result : undefined,
    constraint: getZodConstraint(schema),
    defaultValue: { status: lead.status, staffNote: lead.staffNote },
    // Not on blur: an error appearing above the button as focus leaves a field
    // moves the button away mid-click, and the click is lost.
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });

  return (
    <main className="staff-page container record">
      <p className="record__back">
        <Link to={tabHref(lead.inbox)}>← Back to {INBOX_LABELS[lead.inbox].tab}</Link>
      </p>
      <h1 className="record__title">{lead.name}</h1>
      <p className="record__meta">
        {INBOX_LABELS[lead.inbox].one[0]!.toUpperCase() + INBOX_LABELS[lead.inbox].one.slice(1)} ·{" "}
        {lead.inbox === "appointments" ? "booked" : "received"} {lead.createdAtLabel} (Central time) ·{" "}
        <span className={`status-pill status-pill--${lead.status}`}>{STATUS_LABELS[lead.status]}</span>
      </p>

      <div className="record__grid">
        <section className="card record__card" aria-labelledby="record-details-title">
          <h2 id="record-details-title">Details</h2>
          <RecordDetails lead={lead} />
        </section>

        <section className="card record__card" aria-labelledby="record-follow-up-title">
          <h2 id="record-follow-up-title">Follow-up</h2>
          <Form method="post" {...getFormProps(form)} key={`${lead.status}-${lead.staffNote}`}>
            <HoneypotField />
            <input type="hidden" name="intent" value="details" />
            <FormErrors errors={form.errors} />
            <div className="field">
              <label htmlFor={fields.status.id}>Status</label>
              <select
                {...getSelectProps(fields.status)}
                aria-invalid={fields.status.errors?.length ? true : undefined}
                aria-describedby={fields.status.errors?.length ? `${fields.status.id}-error` : undefined}
              >
                {statusesFor(lead.inbox).map((status) => (
                  <option key={status} value={status}>
                    {STATUS_LABELS[status]}
                  </option>
                ))}
              </select>
              <ErrorList id={`${fields.status.id}-error`} errors={fields.status.errors} />
            </div>
            <div className="field">
              <label htmlFor={fields.staffNote.id}>Staff note</label>
              <p id={`${fields.staffNote.id}-hint`} className="field__hint">
                Only staff see this. Up to {MAX_NOTE_LENGTH.toLocaleString("en-US")} characters.
              </p>
              <textarea
                {...getTextareaProps(fields.staffNote)}
                rows={6}
                aria-invalid={fields.staffNote.errors?.length ? true : undefined}
                aria-describedby={
                  [`${fields.staffNote.id}-hint`, fields.staffNote.errors?.length ? `${fields.staffNote.id}-error` : ""]
                    .filter(Boolean)
                    .join(" ")
                }
              />
              <ErrorList id={`${fields.staffNote.id}-error`} errors={fields.staffNote.errors} />
            </div>
            <button type="submit" className="button button--primary" disabled={saving}>
              {saving ? "Saving…" : "Save"}
            </button>
          </Form>
        </section>
      </div>
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main className="staff-page container">
      <h1>{notFound ? "Record not found" : "Something went wrong"}</h1>
      <p>{notFound ? "It may have been removed, or the link is incomplete." : "Please reload the page in a moment."}</p>
      <p>
        <Link to="/dashboard">Back to the inbox</Link>
      </p>
    </main>
  );
}
