// Placeholder until the lead-capture work adds the booking form.
export default function BookPage() {
  return (
    <main className="container page">
      <h1>Book an Appointment</h1>
    </main>
  );
}
