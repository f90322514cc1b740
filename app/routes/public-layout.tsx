import { Outlet } from "react-router";
import { PUBLIC_PAGE_CACHE_CONTROL } from "../../workers/cache-policy";

// Public pages are the same for every visitor, so a shared cache may keep them.
// The Worker still makes private any response with a cookie, a toast or form errors.
export function headers() {
  return { "Cache-Control": PUBLIC_PAGE_CACHE_CONTROL };
}

export default function PublicLayout() {
  return (
    <>
      <header className="site-header">
        <a href="/" className="site-header__brand">Bartlett Fine Jewelry</a>
        <nav aria-label="Main">
          <a href="/contactus">Contact</a>
        </nav>
      </header>
      <Outlet />
      <footer className="site-footer">
        <p>Bartlett, Tennessee</p>
      </footer>
    </>
  );
}
