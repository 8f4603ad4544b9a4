// The floor of bench/lighthouse.ts (ADR 043): what Vite's React template renders, a heading, a paragraph and a counter.
import { useState } from 'react';
import { createRoot } from 'react-dom/client';

function Page() {
  const [count, setCount] = useState(0);
  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', maxWidth: '40rem', margin: '0 auto', padding: '2rem 1rem' }}>
      <h1>Send mobile top-ups to phones worldwide</h1>
      <p>A bare Vite and React page, built with the same Vite and served the same way as the product&apos;s pages.</p>
      <button type="button" onClick={() => setCount((value) => value + 1)}>
        Count is {count}
      </button>
    </main>
  );
}

createRoot(document.getElementById('root')!).render(<Page />);
