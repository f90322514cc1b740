// The Worker's bindings, declared once for the app, the room and the tests.
declare namespace Cloudflare {
  interface Env {
    DB: D1Database;
    DashboardRoom: DurableObjectNamespace<import("../app/live/room.server").DashboardRoom>;
    /** HMAC key for staff session cookies and form tokens (wrangler secret / .dev.vars). */
    SESSION_SECRET: string;
    GA_MEASUREMENT_ID: string;
    /** Seats per appointment slot, as text from [vars]; read through appointmentSlotCapacity(). */
    APPOINTMENT_SLOT_CAPACITY?: string;
    /** MailChannels Email API key (wrangler secret); absent in local dev and tests. */
    MAILCHANNELS_API_KEY?: string;
    /** Workers Rate Limiting binding for lead forms; the D1 counter stands in when it is absent. */
    FORM_RATE_LIMITER?: RateLimit;
  }
}
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the global Env name the Workers docs use
interface Env extends Cloudflare.Env {}
