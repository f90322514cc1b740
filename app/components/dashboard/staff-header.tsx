import { Form, NavLink } from "react-router";
import { store } from "~/config/store";

/** The bar on every staff page: where you are, who you are, and sign-out (a POST, never a link). */
export function StaffHeader({ email, isOwner }: { email: string; isOwner: boolean }) {
  return (
    <header className="staff-header">
      <div className="staff-header__inner container">
        <a className="staff-header__brand" href="/dashboard">
          <span className="staff-header__store">{store.name}</span>
          <span className="staff-header__area">Staff</span>
        </a>
        <nav aria-label="Staff" className="staff-header__nav">
          <NavLink to="/dashboard" end>
            Inbox
          </NavLink>
          <NavLink to="/dashboard/hours">Hours</NavLink>
          {isOwner ? <NavLink to="/dashboard/staff">Staff</NavLink> : null}
          {isOwner ? <NavLink to="/dashboard/audit">Audit</NavLink> : null}
          <NavLink to="/dashboard/account">Account</NavLink>
        </nav>
        <div className="staff-header__user">
          <span className="staff-header__email" title={email}>
            <span className="visually-hidden">Signed in as </span>
            {email}
          </span>
          <Form method="post" action="/logout" aria-label="Sign out">
            <button type="submit" className="button button--secondary staff-header__signout">
              Sign out
            </button>
          </Form>
        </div>
      </div>
    </header>
  );
}
