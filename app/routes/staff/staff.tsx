import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useRef } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/staff";
import { ErrorList, Field, FormErrors, HoneypotField } from "~/components/ui/forms";
import { auditStaffAction } from "~/audit/log.server";
import { requireOwner, staffUserContext } from "~/auth/guard.server";
import { InviteSchema } from "~/auth/rules";
import { inviteStaff, listStaff, removeStaff, resetStaffPassword, transferOwnership } from "~/auth/staff.server";
import { parseForm } from "~/http/form.server";
import { getCloudflare } from "~/http/request-context";
import { redirectWithToast } from "~/http/toast.server";
import { formatStoreDateTime, formatStoreMonth } from "~/core/store-time";
import { getDb } from "~/db/client.server";
import { reviewRequestsByMonth } from "~/messaging/review-requests.server";
import { ReviewRequestCounts } from "~/components/dashboard/review-requests";

// The owner's staff list (docs/decisions/058). requireOwner refuses staff with
// 403 on every request to this route, document or data, loader or action.
export const middleware: Route.MiddlewareFunction[] = [requireOwner];

export function meta() {
  return [{ title: "Staff | Staff dashboard" }, { name: "robots", content: "noindex, nofollow" }];
}

/** What each member button does, and what the owner is asked (the words around the member's address) before it is done. */
const MEMBER_ACTIONS = {
  reset: {
    label: "Reset password",
    question: ["Reset ", "’s password?"],
    consequence:
      "Their sessions end at once, their password stops working and their passkeys are removed. You get a link, also e-mailed to them, to choose a new password.",
    confirm: "Yes, reset it",
  },
  remove: {
    label: "Remove",
    question: ["Remove ", "?"],
    consequence: "They are signed out at once and can no longer open the dashboard. To let them back in, you would send a new invitation.",
    confirm: "Yes, remove them",
  },
  transfer: {
    label: "Make owner",
    question: ["Make ", " the owner?"],
    consequence: "They take over this page: inviting, removing and resetting staff. You stay on as staff, and only they can make you the owner again.",
    confirm: "Yes, make them the owner",
  },
} as const;
type MemberIntent = keyof typeof MEMBER_ACTIONS;
const isMemberIntent = (value: unknown): value is MemberIntent => typeof value === "string" && Object.hasOwn(MEMBER_ACTIONS, value);

export async function loader({ request, context }: Route.LoaderArgs) {
  const { env } = getCloudflare(context);
  const [{ members, pending }, reviewMonths] = await Promise.all([listStaff(env), reviewRequestsByMonth(getDb(env), Date.now())]);
  // A member button only asks (a GET, which changes nothing); the answer posts.
  const asked = new URL(request.url).searchParams;
  const intent = asked.get("confirm");
  const target = members.find((member) => member.role !== "owner" && String(member.id) === asked.get("member"));
  return {
    members: members.map((member) => ({
      id: member.id,
      email: member.email,
      isOwner: member.role === "owner",
      lastSeen: member.lastSeenAt ? formatStoreDateTime(new Date(member.lastSeenAt).getTime()) : null,
    })),
    pending: pending.map((invite) => ({ id: invite.id, email: invite.email, expires: formatStoreDateTime(invite.expiresAt.getTime()) })),
    confirming: isMemberIntent(intent) && target ? { intent, id: target.id, email: target.email } : null,
    reviewMonths: reviewMonths.map(({ month, texts, emails }) => ({ label: formatStoreMonth(month), texts, emails })),
  };
}

/** The member a row's button names, or null for anything that is not a whole number. */
function memberId(formData: FormData): number | null {
  const value = Number(formData.get("userId"));
  return Number.isSafeInteger(value) && value > 0 ? value : null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const { env, ctx } = getCloudflare(context);
  const owner = context.get(staffUserContext);
  const formData = await request.formData();
  const intent = formData.get("intent");

  if (intent === "invite") {
    const submission = parseForm(formData, InviteSchema);
    if (submission.status !== "success") return data({ intent, result: submission.reply(), link: null }, { status: 400 });
    const invited = await inviteStaff(request, env, ctx, owner.id, submission.value.email);
    if (!invited.ok) {
      return data({ intent, result: submission.reply({ fieldErrors: { email: [invited.message] } }), link: null }, { status: 400 });
    }
    await auditStaffAction(context, request, "staff-invited", { target: invited.email });
    // Shown once, here; only its hash is stored.
    return { intent, result: submission.reply({ resetForm: true }), link: { kind: "invite" as const, email: invited.email, url: invited.link } };
  }

  const userId = memberId(formData);
  const refuse = (message: string) => redirectWithToast(context, "/dashboard/staff", { type: "error", message });
  if (userId === null || userId === owner.id) return refuse("Choose a staff member from the list.");

  if (intent === "reset") {
    const reset = await resetStaffPassword(request, env, ctx, owner.id, userId);
    if (!reset.ok) return refuse(reset.message);
    await auditStaffAction(context, request, "staff-password-reset", { target: reset.email });
    return { intent, result: undefined, link: { kind: "reset" as const, email: reset.email, url: reset.link } };
  }
  if (intent === "remove") {
    const removed = await removeStaff(env, ctx, owner.id, userId);
    if (!removed.ok) return refuse(removed.message);
    await auditStaffAction(context, request, "staff-removed", { target: removed.email });
    return redirectWithToast(context, "/dashboard/staff", { type: "success", message: `${removed.email} was removed and signed out.` });
  }
  if (intent === "transfer") {
    const transferred = await transferOwnership(env, owner.id, userId);
    // Handed over by another request meanwhile: this account no longer opens the staff page.
    if (!transferred.ok && "handedOver" in transferred) {
      return redirectWithToast(context, "/dashboard", { type: "error", message: transferred.message });
    }
    // The member could not sign in as the owner: said in their row, beside the button, with the page as it was.
    if (!transferred.ok && "noPasswordYet" in transferred) {
      return data({ intent, result: undefined, link: null, refused: { userId, message: transferred.message } }, { status: 409 });
    }
    if (!transferred.ok) return refuse(transferred.message);
    await auditStaffAction(context, request, "ownership-transferred", { target: transferred.email });
    return redirectWithToast(context, "/dashboard", { type: "success", message: `${transferred.email} now owns the store's dashboard.` });
  }
  return refuse("That action is not available.");
}

export default function StaffPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const [form, fields] = useForm({
    id: "invite",
    lastResult: actionData?.intent === "invite" ? actionData.result : undefined,
    constraint: getZodConstraint(InviteSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: InviteSchema }),
  });
  const link = actionData?.link;
  const refused = actionData && "refused" in actionData ? actionData.refused : null;
  const refusal = useRef<HTMLDivElement>(null);
  // The question that led to a refusal is gone: with JavaScript the focus goes to the answer, as autofocus takes it without.
  useEffect(() => {
    if (refused) refusal.current?.focus();
  }, [refused]);
  const confirming = loaderData.confirming;
  const question = useRef<HTMLHeadingElement>(null);
  // With JavaScript the question appears without a page load: take the focus to it, as a load would take the reader.
  const asking = confirming ? `${confirming.intent}:${confirming.id}` : null;
  useEffect(() => {
    if (asking) question.current?.focus();
  }, [asking]);

  return (
    <main className="staff-page container account">
      <h1>Staff</h1>
      <p className="muted">Who can open this dashboard, and how many customers were asked for a review. Only you, the owner, see this page.</p>

      {confirming ? (
        <section className="card staff-callout" aria-labelledby="confirm-title" data-testid="staff-confirm">
          <h2 id="confirm-title" ref={question} tabIndex={-1}>
            {MEMBER_ACTIONS[confirming.intent].question[0]}
            <span className="staff-list__email">{confirming.email}</span>
            {MEMBER_ACTIONS[confirming.intent].question[1]}
          </h2>
          <p>{MEMBER_ACTIONS[confirming.intent].consequence}</p>
          <div className="staff-list__actions">
            <Form method="post" action="/dashboard/staff">
              <input type="hidden" name="intent" value={confirming.intent} />
              <input type="hidden" name="userId" value={confirming.id} />
              <button type="submit" className="button button--primary" disabled={busy === confirming.intent}>
                {MEMBER_ACTIONS[confirming.intent].confirm}
              </button>
            </Form>
            <Link to="/dashboard/staff" className="button button--secondary">
              Cancel
            </Link>
          </div>
        </section>
      ) : null}

      {link ? (
        <section className="card staff-callout" aria-labelledby="link-title" data-testid="password-link">
          <h2 id="link-title">{link.kind === "invite" ? `Invitation for ${link.email}` : `New password link for ${link.email}`}</h2>
          <p>
            It was e-mailed to them. It is shown only now, works once and expires in 48 hours.
            {link.kind === "reset" ? " Their sessions have ended, their old password no longer works and their passkeys are removed." : ""}
          </p>
          <Field label="Link" inputProps={{ id: "password-link-url", type: "text", readOnly: true, value: link.url }} />
        </section>
      ) : null}

      <div className="account__grid">
        <section className="card" aria-labelledby="members-title">
          <h2 id="members-title">Staff members</h2>
          <ul className="session-list">
            {loaderData.members.map((member) => (
              <li key={member.id} className="session-list__item" data-testid="member">
                <p className="session-list__device">
                  <span className="staff-list__email">{member.email}</span>
                  {member.isOwner ? <span className="session-list__current">Owner</span> : null}
                </p>
                <p className="session-list__meta">{member.lastSeen ? `Last seen ${member.lastSeen}` : "Not signed in recently"}</p>
                {refused?.userId === member.id ? (
                  <div ref={refusal} className="form-errors" role="alert" tabIndex={-1} autoFocus>
                    <ErrorList errors={[refused.message]} />
                  </div>
                ) : null}
                {member.isOwner ? null : (
                  <div className="staff-list__actions">
                    {(Object.keys(MEMBER_ACTIONS) as MemberIntent[]).map((intent) => (
                      // A name of its own for each (IBM's engine): one of these per action and colleague.
                      <Form method="get" key={intent} aria-label={`${MEMBER_ACTIONS[intent].label} ${member.email}`}>
                        <input type="hidden" name="confirm" value={intent} />
                        <input type="hidden" name="member" value={member.id} />
                        <button type="submit" className="button button--secondary" aria-label={`${MEMBER_ACTIONS[intent].label} ${member.email}`}>
                          {MEMBER_ACTIONS[intent].label}
                        </button>
                      </Form>
                    ))}
                  </div>
                )}
              </li>
            ))}
          </ul>
          {loaderData.pending.length > 0 ? (
            <>
              <h3 className="session-list__everywhere">Invitations not yet used</h3>
              <ul className="session-list">
                {loaderData.pending.map((invite) => (
                  <li key={invite.id} className="session-list__item" data-testid="pending-invitation">
                    <p className="session-list__device staff-list__email">{invite.email}</p>
                    <p className="session-list__meta">Expires {invite.expires}</p>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </section>

        <section className="card" aria-labelledby="invite-title">
          <h2 id="invite-title">Add a staff member</h2>
          <p className="muted">They get an e-mail with a link to choose their password. The link works once, for 48 hours.</p>
          <Form method="post" {...getFormProps(form)}>
            <HoneypotField />
            <input type="hidden" name="intent" value="invite" />
            <FormErrors errors={form.errors} />
            <Field
              label="Their e-mail"
              errors={fields.email.errors}
              inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "off" }}
            />
            <button type="submit" className="button button--primary" disabled={busy === "invite"}>
              {busy === "invite" ? "Inviting…" : "Send invitation"}
            </button>
          </Form>
        </section>
      </div>

      <ReviewRequestCounts months={loaderData.reviewMonths} />
    </main>
  );
}
