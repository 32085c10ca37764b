'use client';
// The dashboard's Copy button: the checkout page's (components/checkout/client.tsx), in the
// dashboard's styles. Rendered only once JavaScript runs; says "Copied" to screen readers too.
import { CopyButton as Copy } from '../../checkout/client';

export function CopyButton({ target, label, done }: { target: string; label: string; done: string }) {
  return <Copy target={target} label={label} done={done} className="db-button db-button-secondary" srClassName="db-sr" />;
}
