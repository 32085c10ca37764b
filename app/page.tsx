export default function Home() {
  return (
    <main>
      <h1>Caisse</h1>
      <p>
        Payments API and hosted checkout. See the <a href="/docs">API reference</a>.
      </p>
    </main>
  );
}
