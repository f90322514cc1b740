import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, Form, useNavigation } from "react-router";
import type { Route } from "./+types/account";
import { AddPasskey } from "~/components/account/passkeys";
import { NewPasswordFields } from "~/components/account/new-password-fields";
import { PushNotifications } from "~/components/account/push-notifications";
import { Field, FormErrors, HoneypotField } from "~/components/ui/forms";
import { staffUserContext } from "~/auth/guard.server";
import { changePassword, endOwnSession, RECENT_SIGN_IN_MS, signOutEverywhere } from "~/auth/account.server";
import { auditStaffAction } from "~/audit/log.server";
import { describeDevice } from "~/auth/device-label";
import { listPasskeys, removePasskey } from "~/auth/passkeys.server";
import { PasswordSchema } from "~/auth/rules";
import { destroySessionCookie, listSessions, startSession } from "~/auth/session.server";
import { formatStoreDateTime } from "~/core/store-time";
import { parseForm } from "~/http/form.server";
import { passRetryAfter } from "~/http/rate-limit.server";
import { getCloudflare } from "~/http/request-context";
import { redirectWithToast } from "~/http/toast.server";
import { listPushDevices, pushKeys, removePushDevice, setPushLists } from "~/messaging/push.server";
import { PushListsSchema } from "~/messaging/push-rules";

export function meta() {
  return [{ title: "Account | Staff dashboard" }, { name: "robots", content: "noindex, nofollow" }];
}

/** A throttled try answers 429 with Retry-After. */
export const headers = passRetryAfter;

export async function loader({ context }: Route.LoaderArgs) {
  const { env } = getCloudflare(context);
  const user = context.get(staffUserContext);
  const [sessions, keys, pushDevices] = await Promise.all([listSessions(env, user.id), listPasskeys(env, user.id), listPushDevices(env, user.id)]);
  return {
    email: user.email,
    // A passkey is added without the password only just after a sign-in (docs/decisions/057).
    recentSignIn: Date.now() - user.signedInAt < RECENT_SIGN_IN_MS,
    passkeys: keys.map((key) => ({
      id: key.id,
      name: key.name,
      added: formatStoreDateTime(key.createdAt.getTime()),
      lastUsed: key.lastUsedAt ? formatStoreDateTime(key.lastUsedAt.getTime()) : null,
    })),
    push: {
      publicKey: pushKeys(env)?.publicKey ?? null,
      devices: pushDevices.map(({ sessionId, createdAt, ...device }) => ({
        ...device,
        since: formatStoreDateTime(createdAt.getTime()),
        current: sessionId === user.sessionId,
      })),
    },
    sessions: sessions.map((session) => ({
      id: session.id,
      device: describeDevice(session.userAgent),
      current: session.id === user.sessionId,
      lastSeen: formatStoreDateTime(session.lastSeenAt.getTime()),
      signedIn: formatStoreDateTime(session.createdAt.getTime()),
      ip: session.ip,
    })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { env, ctx } = getCloudflare(context);
  const user = context.get(staffUserContext);
  const formData = await request.formData();

  if (formData.get("intent") === "sign-out-everywhere") {
    await signOutEverywhere(env, ctx, user.id);
    await auditStaffAction(context, request, "sign-out-everywhere");
    return redirectWithToast(
      context,
      "/login",
      { type: "success", message: "You are signed out on every device." },
      { headers: { "Set-Cookie": await destroySessionCookie(request) } },
    );
  }

  if (formData.get("intent") === "remove-passkey") {
    const passkeyId = formData.get("passkeyId");
    const removed = typeof passkeyId === "string" ? await removePasskey(env, user.id, passkeyId) : null;
    if (removed) await auditStaffAction(context, request, "passkey-removed", { target: removed.name });
    return redirectWithToast(context, "/dashboard/account", {
      type: "success",
      message: removed ? `Passkey removed (${removed.name}).` : "That passkey was already removed.",
    });
  }

  if (formData.get("intent") === "push-lists") {
    const submission = parseForm(formData, PushListsSchema);
    if (submission.status !== "success") {
      const errors = submission.error?.lists ?? ["Those lists could not be saved. Please reload the page and try again."];
      return data({ intent: "push-lists" as const, subscriptionId: Number(formData.get("subscriptionId")), errors }, { status: 400 });
    }
    const saved = await setPushLists(env, user.id, submission.value.subscriptionId, submission.value.lists);
    return redirectWithToast(context, "/dashboard/account", {
      type: saved ? "success" : "error",
      message: saved ? "Notification lists saved." : "That device no longer gets notifications.",
    });
  }

  if (formData.get("intent") === "push-remove") {
    const removed = await removePushDevice(env, user.id, { id: Number(formData.get("subscriptionId")) });
    return redirectWithToast(context, "/dashboard/account", {
      type: "success",
      message: removed ? "Notifications turned off for that device." : "That device already had notifications off.",
    });
  }

  if (formData.get("intent") === "end-session") {
    const sessionId = formData.get("sessionId");
    const ended = typeof sessionId === "string" && (await endOwnSession(env, ctx, user.id, sessionId));
    if (ended) await auditStaffAction(context, request, "session-ended", { details: { thisDevice: sessionId === user.sessionId } });
    if (ended && sessionId === user.sessionId) {
      return redirectWithToast(
        context,
        "/login",
        { type: "success", message: "You are signed out." },
        { headers: { "Set-Cookie": await destroySessionCookie(request) } },
      );
    }
    return redirectWithToast(context, "/dashboard/account", {
      type: "success",
      message: ended ? "That session has ended." : "That session had already ended.",
    });
  }

  const submission = parseForm(formData, PasswordSchema);
  const hidden = { hideFields: ["currentPassword", "newPassword", "confirmPassword"] };
  if (submission.status !== "success") {
    return data({ intent: "change-password", result: submission.reply(hidden) }, { status: 400 });
  }
  const change = await changePassword(env, ctx, user, submission.value);
  if (!change.ok) {
    const errors = change.field ? { fieldErrors: { [change.field]: [change.message] } } : { formErrors: [change.message] };
    return data(
      { intent: "change-password", result: submission.reply({ ...hidden, ...errors }) },
      { status: change.status, headers: change.headers },
    );
  }
  await auditStaffAction(context, request, "password-changed");
  // This device stays signed in with a fresh cookie; every other one is signed out.
  return redirectWithToast(
    context,
    "/dashboard/account",
    { type: "success", message: "Password changed. Other devices have been signed out." },
    { headers: { "Set-Cookie": await startSession(request, env, change.user, user.sessionId) } },
  );
}

export default function AccountPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busyIntent = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const [form, fields] = useForm({
    id: "change-password",
    lastResult: actionData?.intent === "change-password" && "result" in actionData ? actionData.result : undefined,
    constraint: getZodConstraint(PasswordSchema),
    // Not on blur: an error appearing above the button as focus leaves a field
    // moves the button away mid-click, and the click is lost.
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: PasswordSchema }),
  });

  return (
    <main className="staff-page container account">
      <h1>Your account</h1>
      <p className="muted">Signed in as {loaderData.email}.</p>

      <div className="account__grid">
        <section className="card" aria-labelledby="password-title">
          <h2 id="password-title">Change password</h2>
          <p className="muted">Changing it signs you out on every other device.</p>
          <Form method="post" {...getFormProps(form)} aria-labelledby="password-title">
            <HoneypotField />
            <input type="hidden" name="intent" value="change-password" />
            {/* A username field lets password managers save the new password against the right account. */}
            <input type="email" name="username" autoComplete="username" value={loaderData.email} readOnly hidden />
            <FormErrors errors={form.errors} />
            <Field
              label="Current password"
              errors={fields.currentPassword.errors}
              inputProps={{ ...getInputProps(fields.currentPassword, { type: "password" }), autoComplete: "current-password" }}
            />
            <NewPasswordFields fields={fields} />
            <button type="submit" className="button button--primary" disabled={busyIntent === "change-password"}>
              {busyIntent === "change-password" ? "Changing…" : "Change password"}
            </button>
          </Form>
        </section>

        <section className="card" aria-labelledby="passkeys-title">
          <h2 id="passkeys-title">Passkeys</h2>
          <p className="muted">
            Sign in with your fingerprint, face or screen lock instead of typing your password. Your password keeps
            working too.
          </p>
          {loaderData.passkeys.length > 0 ? (
            // One form for the list, each button naming its passkey: a form each would be many alike (IBM's unique form labels).
            <Form method="post" aria-label="Remove a passkey">
              <input type="hidden" name="intent" value="remove-passkey" />
              <ul className="session-list">
                {loaderData.passkeys.map((key) => (
                  <li key={key.id} className="session-list__item" data-testid="passkey">
                    <p className="session-list__device">{key.name}</p>
                    <p className="session-list__meta">
                      Added {key.added}
                      {key.lastUsed ? `, last used ${key.lastUsed}` : ", not used yet"}
                    </p>
                    <button type="submit" name="passkeyId" value={key.id} className="button button--secondary">
                      Remove<span className="visually-hidden"> the passkey {key.name}, added {key.added}</span>
                    </button>
                  </li>
                ))}
              </ul>
            </Form>
          ) : (
            <p>You have no passkeys yet.</p>
          )}
          <AddPasskey askPassword={!loaderData.recentSignIn} />
        </section>

        <PushNotifications
          publicKey={loaderData.push.publicKey}
          devices={loaderData.push.devices}
          listsError={actionData?.intent === "push-lists" && "errors" in actionData ? actionData : null}
        />

        <section className="card" aria-labelledby="sessions-title">
          <h2 id="sessions-title">Where you are signed in</h2>
          <p className="muted">A session ends by itself after 12 hours without use.</p>
          {/* One form for the list, each button naming its session (as the passkeys'). */}
          <Form method="post" aria-label="End a session">
            <input type="hidden" name="intent" value="end-session" />
            <ul className="session-list">
              {loaderData.sessions.map((session) => (
                <li key={session.id} className="session-list__item" data-testid="session">
                  <p className="session-list__device">
                    {session.device}
                    {session.current ? <span className="session-list__current">This device</span> : null}
                  </p>
                  <p className="session-list__meta">
                    Last seen {session.lastSeen} from {session.ip}
                    <br />
                    Signed in {session.signedIn}
                  </p>
                  <button type="submit" name="sessionId" value={session.id} className="button button--secondary">
                    {session.current ? "Sign out here" : "End this session"}
                    {session.current ? null : <span className="visually-hidden">: {session.device}, last seen {session.lastSeen}</span>}
                  </button>
                </li>
              ))}
            </ul>
          </Form>
          <h3 className="session-list__everywhere">Sign out everywhere</h3>
          <p className="muted">
            Signs this account out on every phone and computer, including this one. Use it if a device was lost or
            someone else may know your password.
          </p>
          <Form method="post" aria-label="Sign out everywhere">
            <input type="hidden" name="intent" value="sign-out-everywhere" />
            <button type="submit" className="button button--secondary" disabled={busyIntent === "sign-out-everywhere"}>
              Sign out everywhere
            </button>
          </Form>
        </section>
      </div>
    </main>
  );
}
