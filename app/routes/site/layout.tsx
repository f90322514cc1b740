import { Outlet, useMatches } from "react-router";
import { BookAppointmentButton } from "~/components/booking/book-button";
import { QuickActions } from "~/components/site/quick-actions";
import { SiteFooter } from "~/components/site/site-footer";
import { SiteHeader } from "~/components/site/site-header";
import { PUBLIC_PAGE_CACHE_CONTROL } from "~/http/cache-policy";
import { showsFloatingActions } from "~/http/page-scripts";

// Public pages are the same for every visitor, so a shared cache may keep them.
// The Worker still makes private any response with a cookie, a toast or form errors.
export function headers() {
  return { "Cache-Control": PUBLIC_PAGE_CACHE_CONTROL };
}

export default function PublicLayout() {
  // A form or the manage page is a task to finish: the floating bar would cover its fields and buttons.
  const floating = showsFloatingActions(useMatches());
  return (
    <div className={floating ? "site site--floating-actions" : "site"}>
      <SiteHeader />
      {/* Pages render their own <main>; this wrapper is the skip link's target. */}
      <div id="main" className="site__main" tabIndex={-1}>
        <Outlet />
      </div>
      <SiteFooter />
      {floating ? (
        <aside className="floating-actions" aria-label="Quick actions">
          <QuickActions />
          <BookAppointmentButton />
        </aside>
      ) : null}
    </div>
  );
}
