import { Outlet } from "react-router";

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
