'use client';
// The Copy button next to a read-only field. Rendered only once JavaScript runs (without it the
// field's text is selectable and nothing else is offered); says "Copied" to screen readers too.
import { useEffect, useState } from 'react';

export function CopyButton({ target, label, done }: { target: string; label: string; done: string }) {
  const [ready, setReady] = useState(false);
  const [copied, setCopied] = useState(false);
  useEffect(() => setReady(true), []);
  if (!ready) return null;
  const copy = async () => {
    const el = document.getElementById(target) as HTMLInputElement | HTMLTextAreaElement | null;
    if (!el) return;
    try {
      await navigator.clipboard.writeText(el.value);
    } catch {
      el.select();
      document.execCommand('copy');
    }
    setCopied(true);
    setTimeout(() => setCopied(false), 2000);
  };
  return (
    <button type="button" className="db-button db-button-secondary" onClick={copy}>
      {copied ? done : label}
      <span className="db-sr" aria-live="polite">
        {copied ? done : ''}
      </span>
    </button>
  );
}
