import { data, Link } from "react-router";

// Any other address under /dashboard: answered inside the staff layout, so it
// is guarded like the rest (a signed-out visitor is sent to the login first).
export function loader() {
  return data(null, { status: 404 });
}

export function meta() {
  return [{ title: "Not found | Staff dashboard" }, { name: "robots", content: "noindex, nofollow" }];
}

export default function DashboardNotFound() {
  return (
    <main className="staff-page container">
      <h1>Page not found</h1>
      <p>There is nothing at this address in the staff area.</p>
      <p>
        <Link to="/dashboard">Back to the inbox</Link>
      </p>
    </main>
  );
}
