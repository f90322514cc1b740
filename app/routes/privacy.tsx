// Placeholder until the public-site work fills in this page.
export default function Page() {
  return (
    <main className="container page">
      <h1>privacy</h1>
    </main>
  );
}
