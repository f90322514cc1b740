import { data } from "react-router";

export function loader() {
  return data(null, { status: 404 });
}

export default function NotFound() {
  return (
    <main className="container page">
      <h1>Page not found</h1>
      <p><a href="/">Back to the home page</a></p>
    </main>
  );
}
