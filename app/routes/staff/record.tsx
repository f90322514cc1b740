import { getFormProps, getSelectProps, getTextareaProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, Form, isRouteErrorResponse, Link, useNavigation } from "react-router";
import type { Route } from "./+types/record";
import { ErrorList, FormErrors, HoneypotField } from "~/components/ui/forms";
import { RecordDetails } from "~/components/inbox/record-details";
import { auditStaffAction } from "~/audit/log.server";
import { RecordPhotos } from "~/components/inbox/record-photos";
import { RecordHistory } from "~/components/inbox/record-history";
import { StaffTextForm } from "~/components/inbox/staff-text-form";
import { useLiveRecord } from "~/components/inbox/use-live-record";
import { parseForm } from "~/http/form.server";
import { getCloudflare } from "~/http/request-context";
import { redirectWithToast } from "~/http/toast.server";
import { sendStaffText } from "~/inbox/messages.server";
import { changeLead, loadRecord, notFound, recordParams, saveRowStatus } from "~/inbox/record.server";
import { DETAILS_SCHEMAS, MAX_NOTE_LENGTH, SEAT_TAKEN_ERROR } from "~/inbox/rules";
import { recordHref, STATUS_LABELS, statusesFor, tabHref } from "~/inbox/view";
import { LEADS } from "~/leads/kinds";

export function meta({ loaderData }: Route.MetaArgs) {
  const title = loaderData ? `${loaderData.lead.name} | Staff dashboard` : "Not found | Staff dashboard";
  return [{ title }, { name: "robots", content: "noindex, nofollow" }];
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const { kind, id } = recordParams(params);
  return loadRecord(getCloudflare(context).env, kind, id);
}

/** Three forms post here: an inbox row's status picker (intent=status), this page's status-and-note form and its text form (intent=text). */
export async function action({ request, context, params }: Route.ActionArgs) {
  const { kind, id } = recordParams(params);
  const formData = await request.formData();
  if (formData.get("intent") === "status") return saveRowStatus(context, request, kind, id, formData);
  if (formData.get("intent") === "text") return sendStaffText(context, request, kind, id, formData);

  const submission = parseForm(formData, DETAILS_SCHEMAS[kind]);
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const outcome = await changeLead(context, kind, id, submission.value);
  if (outcome === "not-found") notFound();
  if (outcome === "seat-taken") return data({ result: submission.reply({ fieldErrors: { status: [SEAT_TAKEN_ERROR] } }) }, { status: 409 });
  await auditStaffAction(context, request, "lead-updated", { target: `${LEADS[kind].inbox} #${id}`, details: { status: submission.value.status } });
  return redirectWithToast(context, recordHref(kind, id), { type: "success", message: "Saved." });
}

export default function RecordPage({ loaderData, actionData }: Route.ComponentProps) {
  const { lead, photos, history, texting } = loaderData;
  useLiveRecord(lead.kind, lead.id);
  const schema = DETAILS_SCHEMAS[lead.kind];
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "details";
  const [form, fields] = useForm({
    id: `record-${LEADS[lead.kind].inbox}-${lead.id}`,
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
        <Link to={tabHref(lead.kind)}>← Back to {LEADS[lead.kind].labels.tab}</Link>
      </p>
      <h1 className="record__title">{lead.name}</h1>
      <p className="record__meta">
        {LEADS[lead.kind].labels.one[0]!.toUpperCase() + LEADS[lead.kind].labels.one.slice(1)} ·{" "}
        {lead.kind === "appointment" ? "booked" : "received"} {lead.createdAtLabel} (Central time) ·{" "}
        <span className={`status-pill status-pill--${lead.status}`}>{STATUS_LABELS[lead.status]}</span>
      </p>

      <div className="record__grid">
        <section className="card record__card" aria-labelledby="record-details-title">
          <h2 id="record-details-title">Details</h2>
          <RecordDetails lead={lead} />
          {photos.length > 0 ? (
            <>
              <h3 className="record__subtitle">{`${photos.length} photo${photos.length === 1 ? "" : "s"} from the customer`}</h3>
              <RecordPhotos orderId={lead.id} photos={photos} />
            </>
          ) : null}
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
                // Always has a value (the first option is a status): HTML allows `required` only with a placeholder first.
                required={undefined}
                aria-invalid={fields.status.errors?.length ? true : undefined}
                aria-describedby={fields.status.errors?.length ? `${fields.status.id}-error` : undefined}
              >
                {statusesFor(lead.kind).map((status) => (
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

        <section className="card record__card" aria-labelledby="record-text-title">
          <h2 id="record-text-title">Text the visitor</h2>
          <StaffTextForm texting={texting} lastResult={actionData && "textResult" in actionData ? actionData.textResult : undefined} />
        </section>

        <section className="card record__card" aria-labelledby="record-history-title">
          <h2 id="record-history-title">History</h2>
          <RecordHistory entries={history} />
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
