import { data, Form } from "react-router";
import type { Route } from "./+types/text";
import { RecordCard, RecordErrorPage, RecordPage } from "~/components/dashboard/record-page";
import { RecordTimeline } from "~/components/dashboard/record-timeline";
import { useLivePage } from "~/components/dashboard/use-live-page";
import { StaffTextForm } from "~/components/inbox/staff-text-form";
import { auditStaffAction } from "~/audit/log.server";
import { staffUserContext } from "~/auth/guard.server";
import { getDb } from "~/db/client.server";
import { getCloudflare } from "~/http/request-context";
import { redirectWithToast } from "~/http/toast.server";
import { isOneOf } from "~/core/one-of";
import { parseRowId } from "~/core/row-id";
import { recordHref } from "~/core/staff-lists";
import { loadText } from "~/dashboard/texts-page.server";
import { sendStaffText } from "~/records/staff-texts.server";
import { attachTexts, getListedText } from "~/texts/list.server";
import { TEXTS_PATH } from "~/texts/view";
import { announceRecordChange } from "../../../party/client.server";

// A text of the Texts list (decision 144): the number's conversation, an answer, and attaching its texts to the
// customer's record, found by name. Works the same without JavaScript.

const ATTACHABLE = ["appointments", "orders", "contacts", "repairs"] as const;

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `${loaderData ? `Text from ${loaderData.text.from}` : "Not found"} | Staff dashboard` }, { name: "robots", content: "noindex, nofollow" }];
}

function textId(params: { id?: string }): number {
  const id = parseRowId(params.id);
  if (id === null) throw data("Not found", { status: 404 });
  return id;
}

export async function loader({ params, context, request }: Route.LoaderArgs) {
  return loadText(getCloudflare(context).env, textId(params), new URL(request.url));
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { env, ctx } = getCloudflare(context);
  const id = textId(params);
  const formData = await request.formData();
  const text = await getListedText(getDb(env), id);
  if (!text) throw data("Not found", { status: 404 });
  if (formData.get("intent") === "text") return sendStaffText(context, request, { list: "texts", id, phone: text.fromPhone }, formData);
  const list = formData.get("list");
  const recordId = parseRowId(formData.get("recordId")?.toString());
  if (formData.get("intent") !== "attach" || !isOneOf(ATTACHABLE, list) || recordId === null) throw data("Bad request", { status: 400 });
  const moved = await attachTexts(getDb(env), id, { list, id: recordId }, context.get(staffUserContext).id);
  if (moved === null) throw data("Not found", { status: 404 });
  ctx.waitUntil(Promise.all([announceRecordChange(env, list, recordId), announceRecordChange(env, "texts", id)]));
  await auditStaffAction(context, request, "texts-attached", { target: `${list} #${recordId}`, details: { texts: moved } });
  return redirectWithToast(context, recordHref(list, recordId), { type: "success", message: moved === 1 ? "Text attached." : `${moved} texts attached.` });
}

export default function TextPage({ loaderData, actionData }: Route.ComponentProps) {
  const { text, timeline, texting, find, findError, found } = loaderData;
  // Any change in the Texts list (another text of this number, an answer, an attach) reloads the page.
  useLivePage((message) => message !== null && message.type !== "signed-out" && message.list === "texts");
  return (
    <RecordPage backTo={TEXTS_PATH} backLabel="Texts" title={`Text from ${text.from}`} meta={<>Received {text.receivedLabel} (Central time) · no record has this number</>}>
      <RecordCard id="text-reply-title" title="Answer">
        <StaffTextForm texting={texting} lastResult={actionData && "textResult" in actionData ? actionData.textResult : undefined} />
      </RecordCard>
      <RecordCard id="text-attach-title" title="Attach to the customer's record">
        <Form method="get" className="field" aria-label="Find the customer's record">
          <label htmlFor="text-attach-find">Customer&apos;s name</label>
          <p id="text-attach-hint" className="field__hint">
            Their texts then show on that record, and their next texts land there.
          </p>
          <input id="text-attach-find" name="find" type="search" defaultValue={find} maxLength={60} aria-describedby="text-attach-hint" aria-invalid={findError ? true : undefined} />
          {findError ? <p className="field__error">{findError}</p> : null}
          <button type="submit" className="button button--secondary">
            Find
          </button>
        </Form>
        {found === null ? null : found.length === 0 ? (
          <p role="status">No record has a customer named like “{find}”.</p>
        ) : (
          <ul className="session-list" aria-label="Records found">
            {found.map((record) => (
              <li key={`${record.list}-${record.id}`} className="session-list__item">
                <p className="session-list__device">{record.name}</p>
                <p>
                  {record.one[0]!.toUpperCase()}
                  {record.one.slice(1)}, {record.createdLabel}
                </p>
                <Form method="post" aria-label={`Attach to ${record.name}'s ${record.one}`}>
                  <input type="hidden" name="intent" value="attach" />
                  <input type="hidden" name="list" value={record.list} />
                  <input type="hidden" name="recordId" value={record.id} />
                  <button type="submit" className="button button--secondary">
                    Attach<span className="visually-hidden"> to {record.name}&apos;s {record.one}</span>
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        )}
      </RecordCard>
      <RecordCard id="text-history-title" title="Conversation">
        <RecordTimeline lines={timeline} />
      </RecordCard>
    </RecordPage>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RecordErrorPage error={error} notFoundTitle="Text not found" backTo={TEXTS_PATH} backLabel="Back to Texts" />;
}
