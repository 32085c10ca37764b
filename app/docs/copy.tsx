'use client';
// A Copy button for a code block: progressive, it appears only once JavaScript runs (without it,
// the block is selected and copied by hand as any text). Copies the block's text as shown.
import { useEffect, useState } from 'react';
import styles from './docs.module.css';

export function Copy({ target, what }: { target: string; what: string }) {
  const [ready, setReady] = useState(false);
  const [copied, setCopied] = useState(false);
  useEffect(() => setReady(true), []);
  if (!ready) return null;
  const copy = async () => {
    const text = document.getElementById(target)?.textContent ?? '';
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      const range = document.createRange();
      range.selectNodeContents(document.getElementById(target)!);
      getSelection()?.removeAllRanges();
      getSelection()?.addRange(range);
      document.execCommand('copy');
    }
    setCopied(true);
    setTimeout(() => setCopied(false), 2000);
  };
  return (
    <>
      <button type="button" className={styles.copy} onClick={copy} aria-label={`Copy ${what}`}>
        {copied ? 'Copied' : 'Copy'}
      </button>
      <span role="status" className={styles.visuallyHidden}>
        {copied ? 'Copied' : ''}
      </span>
    </>
  );
}
