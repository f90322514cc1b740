export function meta() {
  return [{ title: "Bartlett Fine Jewelry | Custom jewelry in Bartlett, TN" }];
}

export default function Home() {
  return (
    <main className="container page">
      <h1>Fine jewelry, made in Bartlett</h1>
    </main>
  );
}
