// The site's cookie names, in one place without dependencies: the staff session
// (app/auth/session.server.ts) and the flash toast (app/http/toast.server.ts)
// set them; the Worker's page cache (workers/page-cache.ts) never serves or
// stores a shared copy for a request carrying either.

export const STAFF_SESSION_COOKIE = "staff_session";
export const TOAST_COOKIE = "flash_toast";
