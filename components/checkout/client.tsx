'use client';
// Small client enhancements. Everything they add is already usable without JavaScript: the
// server renders the text, the forms and the times; these only tick, copy and disable.
import { useEffect, useState } from 'react';
import { useFormStatus } from 'react-dom';
import { formatDuration } from '@/lib/i18n/format';

/** A submit button that says "Sending…" and ignores a second tap while its form is in flight. */
export function SubmitButton({
  children,
  pendingLabel,
  className,
  name,
  value,
}: {
  children: React.ReactNode;
  pendingLabel: string;
  className?: string;
  name?: string;
  value?: string;
}) {
  const { pending, data } = useFormStatus();
  const mine = pending && (!name || data?.get(name) === value);
  return (
    <button type="submit" className={className} name={name} value={value} disabled={pending} aria-disabled={pending}>
      {mine ? pendingLabel : children}
    </button>
  );
}

/** mm:ss until `until` (Unix seconds); the server rendered the first value. */
export function Countdown({ until, initial }: { until: number; initial: string }) {
  const [text, setText] = useState(initial);
  useEffect(() => {
    const tick = () => setText(formatDuration(until - Date.now() / 1000));
    tick();
    const id = setInterval(tick, 1000);
    return () => clearInterval(id);
  }, [until]);
  return (
    <time dateTime={`PT${Math.max(0, Math.round(until - Date.now() / 1000))}S`} suppressHydrationWarning>
      {text}
    </time>
  );
}

/** A Copy button next to a read-only field (the field itself is selectable without JavaScript). */
export function CopyButton({
  target,
  label,
  done,
  className = 'co-copy',
  srClassName = 'co-sr',
}: {
  target: string;
  label: string;
  done: string;
  /** The button's and the screen-reader text's classes (the dashboard styles its own). */
  className?: string;
  srClassName?: string;
}) {
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
    <button type="button" className={className} onClick={copy} aria-describedby={target}>
      {copied ? done : label}
      <span className={srClassName} aria-live="polite">
        {copied ? done : ''}
      </span>
    </button>
  );
}

/** Success: back to the merchant after `seconds` (the server also renders a <noscript> refresh). */
export function AutoRedirect({ url, seconds, template }: { url: string; seconds: number; template: string }) {
  const [left, setLeft] = useState(seconds);
  useEffect(() => {
    const started = Date.now();
    const id = setInterval(() => {
      const l = Math.max(0, seconds - Math.floor((Date.now() - started) / 1000));
      setLeft(l);
      if (l === 0) {
        clearInterval(id);
        window.location.assign(url);
      }
    }, 250);
    return () => clearInterval(id);
  }, [url, seconds]);
  return <p className="co-muted">{template.replace('{n}', String(left))}</p>;
}
