import type { startAuthentication, startRegistration } from "@simplewebauthn/browser";
import { useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from "react";
import { useRevalidator } from "react-router";
import { Field } from "~/components/ui/forms";
import { PRESS_BEFORE_SCRIPTS_ATTRIBUTE, PRESSED_ATTRIBUTE } from "~/http/page-scripts";
import { webAuthnBrowser } from "./webauthn-browser.client";

// Passkey buttons for the login and account pages. WebAuthn needs JavaScript:
// without it the buttons never appear and the page says so, and the password
// form keeps working. (Not <noscript>: a browser with scripts blocked by policy
// or an extension would still hide its text.)

type Answer<T> = T & { error?: string };

/** A same-origin form post (the Worker accepts only forms) that answers JSON. */
async function postForJson<T>(url: string, fields: Record<string, string>): Promise<Answer<T>> {
  const response = await fetch(url, { method: "POST", body: new URLSearchParams(fields), headers: { Accept: "application/json" } });
  const answer = (await response.json().catch(() => ({ error: "Something went wrong. Please try again." }))) as Answer<T>;
  if (!response.ok && !answer.error) answer.error = "Something went wrong. Please try again.";
  return answer;
}

const noSubscription = () => () => {};

/** The ceremonies run from a click, so only ever in the browser, where the `.client` module is present. */
function browserCeremonies() {
  if (!webAuthnBrowser) throw new Error("Passkey ceremonies run in the browser.");
  return webAuthnBrowser;
}

/** Whether this browser can use passkeys: null on the server (and so with JavaScript off). */
function useWebAuthn(): boolean | null {
  return useSyncExternalStore(noSubscription, () => webAuthnBrowser?.browserSupportsWebAuthn() ?? false, () => null);
}

/** Cancelled or timed-out ceremonies are the person's choice, not an error worth alarming them with. */
function ceremonyMessage(error: unknown, fallback: string) {
  return error instanceof Error && error.name === "NotAllowedError" ? "Cancelled. Nothing was changed." : fallback;
}

/**
 * What the page says until its script runs: rendered by the server, shown only
 * where scripts cannot run (sign-in.css), replaced once the browser knows whether
 * it can use passkeys.
 */
function Availability({ supported, withoutScript, unsupported }: { supported: boolean | null; withoutScript: string; unsupported: string }) {
  if (supported === null) return <p className="passkey__note passkey__note--without-script">{withoutScript}</p>;
  return supported ? null : <p className="passkey__note">{unsupported}</p>;
}

/**
 * The sign-in page's scripts load at the first interaction (decision 138): a press on
 * the button before they run is marked by the page's starter (PRESSED_BEFORE_SCRIPTS in
 * page-scripts.server.ts) and carried out as soon as the button works, so one tap is enough.
 */
function usePressBeforeScripts(button: React.RefObject<HTMLButtonElement | null>, ready: boolean, press: () => void) {
  useEffect(() => {
    const element = button.current;
    if (!ready || !element?.hasAttribute(PRESSED_ATTRIBUTE)) return;
    element.removeAttribute(PRESSED_ATTRIBUTE);
    press();
    // Once, when the button starts working: a later render must not press it again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ready]);
}

/**
 * One passkey button: runs its ceremony, shows "Waiting…" meanwhile and the
 * outcome in a status line. `ceremony` returns the message to show, or null
 * when it is leaving the page.
 */
function PasskeyButton(props: {
  label: string;
  className: string;
  withoutScript: string;
  unsupported: string;
  failure: string;
  ceremony: () => Promise<string | null>;
  /** Fields asked before the ceremony (the current password), shown with the button. */
  children?: ReactNode;
}) {
  const supported = useWebAuthn();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState("");
  const button = useRef<HTMLButtonElement>(null);
  usePressBeforeScripts(button, supported === true, () => void run());

  async function run() {
    setBusy(true);
    setMessage("");
    let outcome: string | null;
    try {
      outcome = await props.ceremony();
    } catch (error) {
      outcome = ceremonyMessage(error, props.failure);
    }
    if (outcome === null) return;
    setMessage(outcome);
    setBusy(false);
  }

  return (
    <div className="passkey">
      <Availability supported={supported} withoutScript={props.withoutScript} unsupported={props.unsupported} />
      {supported !== false ? (
        <form
          // Named by what it does: a page may hold it beside other forms (the sign-in page does).
          aria-label={props.label}
          // Until the scripts run, the button is shown but cannot submit: a press waits for them.
          className={supported === null ? "passkey__form passkey__form--before-scripts" : "passkey__form"}
          onSubmit={(event) => {
            event.preventDefault();
            void run();
          }}
        >
          {props.children}
          <button
            ref={button}
            type={supported ? "submit" : "button"}
            className={props.className}
            disabled={busy}
            {...{ [PRESS_BEFORE_SCRIPTS_ATTRIBUTE]: "" }}
          >
            {busy ? "Waiting for your passkey…" : props.label}
          </button>
        </form>
      ) : null}
      <p className="passkey__message" role="status">
        {message}
      </p>
    </div>
  );
}

export function PasskeySignIn({ redirectTo }: { redirectTo: string }) {
  async function signIn() {
    const options = await postForJson<Parameters<typeof startAuthentication>[0]["optionsJSON"]>("/login/passkey", { intent: "options" });
    if (options.error) return options.error;
    const response = await browserCeremonies().startAuthentication({ optionsJSON: options });
    const result = await postForJson<{ redirectTo: string }>("/login/passkey", {
      intent: "verify",
      response: JSON.stringify(response),
      redirectTo,
    });
    if (result.error) return result.error;
    window.location.assign(result.redirectTo);
    return null;
  }

  return (
    <PasskeyButton
      label="Sign in with a passkey"
      className="button button--secondary button--block"
      withoutScript="Signing in with a passkey needs JavaScript. The password form works without it."
      unsupported="This browser cannot use passkeys. Sign in with your password."
      failure="That passkey could not be used. Try again, or sign in with your password."
      ceremony={signIn}
    />
  );
}

/**
 * Adding a passkey asks for the current password unless this session signed in
 * within the last 5 minutes (`askPassword` from the page, or the server's answer
 * once those minutes have passed while the page was open).
 */
export function AddPasskey({ askPassword }: { askPassword: boolean }) {
  const revalidator = useRevalidator();
  const [needsPassword, setNeedsPassword] = useState(askPassword);
  const [password, setPassword] = useState("");

  async function add() {
    const options = await postForJson<Parameters<typeof startRegistration>[0]["optionsJSON"] & { needsPassword?: boolean }>(
      "/dashboard/account/passkeys",
      { intent: "options", currentPassword: password },
    );
    if (options.error) {
      if (options.needsPassword) setNeedsPassword(true);
      return options.error;
    }
    setPassword("");
    const response = await browserCeremonies().startRegistration({ optionsJSON: options });
    const result = await postForJson<{ added: string }>("/dashboard/account/passkeys", {
      intent: "register",
      response: JSON.stringify(response),
    });
    if (result.error) return result.error;
    await revalidator.revalidate();
    return `Passkey added (${result.added}). You can now sign in with it.`;
  }

  return (
    <PasskeyButton
      label="Add a passkey"
      className="button button--primary"
      withoutScript="Adding a passkey needs JavaScript. Turn it on for this page to add one."
      unsupported="This browser cannot create passkeys."
      failure="That passkey could not be added. Please try again."
      ceremony={add}
    >
      {needsPassword ? (
        <Field
          label="Your current password"
          hint="Needed to add a passkey when you signed in more than 5 minutes ago."
          inputProps={{
            id: "passkey-current-password",
            name: "currentPassword",
            type: "password",
            autoComplete: "current-password",
            required: true,
            value: password,
            onChange: (event) => setPassword(event.target.value),
          }}
        />
      ) : null}
    </PasskeyButton>
  );
}
