// Placeholder until the lead-capture work adds the order form.
export default function OrderOnlinePage() {
  return (
    <main className="container page">
      <h1>Order Online Form</h1>
    </main>
  );
}
