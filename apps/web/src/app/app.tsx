import { useEffect, useState } from 'react';

type Readiness = 'checking' | 'ready' | 'unavailable';

const READINESS_TEXT: Record<Readiness, string> = {
  checking: 'Checking the service…',
  ready: 'The service is ready.',
  unavailable: 'The service is unavailable.',
};

/** Placeholder shell until the screens of SPEC.md §2 land: shows that the portal and its API answer. */
export function App() {
  const [readiness, setReadiness] = useState<Readiness>('checking');
  useEffect(() => {
    fetch('/readyz')
      .then((response) => setReadiness(response.ok ? 'ready' : 'unavailable'))
      .catch(() => setReadiness('unavailable'));
  }, []);
  return (
    <main>
      <h1>Quayside</h1>
      <p>Shipment and purchase-order line-item tracking.</p>
      <p role="status">{READINESS_TEXT[readiness]}</p>
    </main>
  );
}
