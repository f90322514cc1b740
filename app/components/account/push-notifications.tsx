import { useEffect, useState, useSyncExternalStore } from "react";
import { Form, useRevalidator } from "react-router";
import { ErrorList } from "~/components/ui/forms";
import { LISTS, STAFF_LISTS, type StaffList } from "~/core/staff-lists";

// The account page's notifications card (docs/decisions/145). Turning them on for this browser needs JavaScript
// (a service worker and a push subscription); the devices already on, and which lists each is told of, are plain
// forms that work without it. The lists come from the staff lists' registry, so a new list appears here by itself.

/** Where the dashboard's service worker lives, and the part of the site it serves (never the public pages). */
export const DASHBOARD_WORKER = { url: "/dashboard-sw.js", scope: "/dashboard" } as const;
const PUSH_DEVICES_PATH = "/dashboard/account/notifications";

export interface PushDeviceView {
  id: number;
  device: string;
  endpoint: string;
  lists: StaffList[];
  /** When it was turned on, as the store's clock reads. */
  since: string;
  /** Turned on from this session: this browser. */
  current: boolean;
}

interface PushNotificationsProps {
  /** The store's VAPID public key, or null when push is not set up. */
  publicKey: string | null;
  devices: PushDeviceView[];
  /** A refused save of one device's lists: which device, and why. */
  listsError: { subscriptionId: number; errors: string[] } | null;
}

export function PushNotifications({ publicKey, devices, listsError }: PushNotificationsProps) {
  return (
    <section className="card" aria-labelledby="push-title">
      <h2 id="push-title">Notifications</h2>
      {publicKey === null ? (
        <p data-testid="push-not-set-up">
          Push notifications are not set up for this store yet. The owner adds the store&apos;s notification keys
          (VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, as the README says); then each of you can turn them on here.
        </p>
      ) : (
        <>
          <p className="muted">
            Get a notification on this phone or computer when a customer books, sends an order or a message, texts
            the store or answers an estimate, even with the dashboard closed. Tapping it opens the record.
          </p>
          <ThisDevice publicKey={publicKey} devices={devices} />
          <h3 className="session-list__everywhere">Devices that get notifications</h3>
          {devices.length > 0 ? (
            <ul className="session-list">
              {devices.map((device) => (
                <DeviceLists key={device.id} device={device} errors={listsError?.subscriptionId === device.id ? listsError.errors : undefined} />
              ))}
            </ul>
          ) : (
            <p>None yet.</p>
          )}
        </>
      )}
    </section>
  );
}

/** The lists' checkboxes, one chip each; `idPrefix` keeps their ids apart between forms. */
function ListChoices({ legend, chosen, errors, idPrefix }: { legend: string; chosen: readonly StaffList[]; errors?: string[] | undefined; idPrefix: string }) {
  const errorId = `${idPrefix}-error`;
  return (
    <fieldset className="push-lists" aria-describedby={errors?.length ? errorId : undefined}>
      <legend>{legend}</legend>
      <div className="condition-picks">
        {STAFF_LISTS.map((list) => (
          <label key={list} className="condition-picks__pick">
            <input type="checkbox" name="lists" value={list} defaultChecked={chosen.includes(list)} />
            {LISTS[list].label}
          </label>
        ))}
      </div>
      <ErrorList id={errorId} errors={errors} />
    </fieldset>
  );
}

/** One device that gets notifications: the lists it is told of, and a way to turn it off from anywhere. */
function DeviceLists({ device, errors }: { device: PushDeviceView; errors?: string[] | undefined }) {
  const name = `${device.device}${device.current ? " (this device)" : ""}`;
  return (
    <li className="session-list__item" data-testid="push-device">
      <p className="session-list__device">
        {device.device}
        {device.current ? <span className="session-list__current">This device</span> : null}
      </p>
      <p className="session-list__meta">On since {device.since}</p>
      {/* Named by the device and its start, so two phones alike are still told apart (IBM's unique form labels). */}
      <Form method="post" action="/dashboard/account" aria-label={`Notifications on ${name}, on since ${device.since}`}>
        <input type="hidden" name="subscriptionId" value={device.id} />
        <ListChoices legend={`Notify ${device.current ? "this device" : "it"} of`} chosen={device.lists} errors={errors} idPrefix={`push-lists-${device.id}`} />
        <div className="push-device__actions">
          <button type="submit" name="intent" value="push-lists" className="button button--secondary">
            Save lists<span className="visually-hidden"> for {name}</span>
          </button>
          <button type="submit" name="intent" value="push-remove" className="button button--secondary">
            Turn off<span className="visually-hidden"> notifications on {name}</span>
          </button>
        </div>
      </Form>
    </li>
  );
}

type DeviceState =
  /** Not known yet: on the server, before the page's scripts run, or where they cannot. */
  | "unknown"
  /** No service worker or Push API: an iPhone's Safari outside a home-screen app, or an old browser. */
  | "unsupported"
  | "blocked"
  | "off"
  | "on";

const noSubscription = () => () => {};
const pushSupported = () => "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;

/** The browser's current push subscription for the dashboard's worker, if any. */
async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration(DASHBOARD_WORKER.scope);
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** A same-origin form post (the Worker accepts only forms) that answers JSON. */
async function postPushDevice(fields: URLSearchParams): Promise<{ error?: string; fieldErrors?: Record<string, string[]> }> {
  const response = await fetch(PUSH_DEVICES_PATH, { method: "POST", body: fields, headers: { Accept: "application/json" } });
  const answer = (await response.json().catch(() => ({}))) as { error?: string; fieldErrors?: Record<string, string[]> };
  if (!response.ok && !answer.error) answer.error = "Something went wrong. Please try again.";
  return answer;
}

/** Turns push on or off for this browser. */
function ThisDevice({ publicKey, devices }: { publicKey: string; devices: PushDeviceView[] }) {
  const supported = useSyncExternalStore(noSubscription, pushSupported, () => null);
  const [subscribed, setSubscribed] = useState<boolean | null>(null);
  const [refused, setRefused] = useState(false);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState("");
  const revalidator = useRevalidator();
  const endpoints = devices.map((device) => device.endpoint).join(" ");
  const state: DeviceState =
    supported === null || (supported && subscribed === null)
      ? "unknown"
      : !supported
        ? "unsupported"
        : refused || Notification.permission === "denied"
          ? "blocked"
          : subscribed
            ? "on"
            : "off";

  useEffect(() => {
    if (!supported) return;
    let current = true;
    // On only when the store still has this browser's subscription (signing out, or a gone endpoint, removes it).
    void currentSubscription().then((subscription) => {
      if (current) setSubscribed(subscription !== null && endpoints.split(" ").includes(subscription.endpoint));
    });
    return () => {
      current = false;
    };
  }, [supported, endpoints]);

  /** Runs one change for this browser: the button waits meanwhile, and the status line says how it ended. */
  async function change(steps: () => Promise<string>, failure: string) {
    setBusy(true);
    setMessage("");
    try {
      setMessage(await steps());
    } catch {
      setMessage(failure);
    } finally {
      setBusy(false);
    }
  }

  const turnOn = (form: HTMLFormElement) =>
    change(async () => {
      if ((await Notification.requestPermission()) !== "granted") {
        setRefused(true);
        return "";
      }
      const registration = await navigator.serviceWorker.register(DASHBOARD_WORKER.url, { scope: DASHBOARD_WORKER.scope });
      await navigator.serviceWorker.ready;
      // A subscription made with another key (the store changed its keys) cannot be reused: start afresh.
      await (await registration.pushManager.getSubscription())?.unsubscribe();
      // As bytes: every browser takes them (a base64url string is newer).
      const applicationServerKey = Uint8Array.from(atob(publicKey.replaceAll("-", "+").replaceAll("_", "/")), (char) => char.charCodeAt(0));
      const subscription = (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey })).toJSON();
      const fields = new URLSearchParams({ intent: "subscribe", endpoint: subscription.endpoint ?? "", p256dh: subscription.keys?.p256dh ?? "", auth: subscription.keys?.auth ?? "" });
      for (const list of new FormData(form).getAll("lists")) fields.append("lists", String(list));
      const answer = await postPushDevice(fields);
      if (answer.error) return Object.values(answer.fieldErrors ?? {}).flat()[0] ?? answer.error;
      setSubscribed(true);
      await revalidator.revalidate();
      return "Notifications are on for this device.";
    }, "This browser could not turn notifications on. Please try again.");

  const turnOff = () =>
    change(async () => {
      const subscription = await currentSubscription();
      if (subscription) {
        await postPushDevice(new URLSearchParams({ intent: "unsubscribe", endpoint: subscription.endpoint }));
        await subscription.unsubscribe();
      }
      setSubscribed(false);
      await revalidator.revalidate();
      return "Notifications are off for this device.";
    }, "This browser could not turn notifications off. Please try again.");

  return (
    <div className="push-device">
      {state === "unknown" ? (
        <p className="passkey__note passkey__note--without-script">Turning notifications on for this device needs JavaScript.</p>
      ) : null}
      {state === "unsupported" ? (
        <p>
          This browser cannot get notifications from the dashboard. On an iPhone or iPad, add the dashboard to your
          Home Screen first (Share, then Add to Home Screen), open it from there, and turn them on here.
        </p>
      ) : null}
      {state === "blocked" ? (
        <p>Notifications are blocked for this site. Allow them in the browser&apos;s settings for this site, then reload this page.</p>
      ) : null}
      {state === "off" ? (
        <form
          aria-label="Turn on notifications on this device"
          onSubmit={(event) => {
            event.preventDefault();
            void turnOn(event.currentTarget);
          }}
        >
          <ListChoices legend="Notify this device of" chosen={STAFF_LISTS} idPrefix="push-new" />
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? "Turning on…" : "Turn on notifications on this device"}
          </button>
        </form>
      ) : null}
      {state === "on" ? (
        <button type="button" className="button button--secondary" disabled={busy} onClick={() => void turnOff()}>
          {busy ? "Turning off…" : "Turn off notifications on this device"}
        </button>
      ) : null}
      <p className="passkey__message" role="status">
        {message}
      </p>
    </div>
  );
}
