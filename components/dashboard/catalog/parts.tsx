// Server-rendered pieces of the catalog pages: the one-time flash (a notice, an error, or a secret
// shown once with a Copy button), a read-only copyable field, a one-button form for an action on one
// object. No client JavaScript except the Copy button.
import type { ReactNode } from 'react';
import { Flash as FlashBox } from '@/components/dashboard/ui';
import type { Flash } from '@/lib/dashboard/catalog';
import type { TC } from '@/lib/i18n/catalog';
import { CopyButton } from './copy-button';

export function CopyField({ id, label, value, t, multiline }: { id: string; label: string; value: string; t: TC; multiline?: boolean }) {
  return (
    <div className="db-field">
      <label htmlFor={id}>{label}</label>
      <div className="dc-copyrow">
        {multiline ? (
          <textarea id={id} className="dc-input db-mono" readOnly value={value} rows={2} spellCheck={false} />
        ) : (
          <input id={id} className="dc-input db-mono" readOnly value={value} spellCheck={false} />
        )}
        <CopyButton target={id} label={t('copy')} done={t('copied')} />
      </div>
    </div>
  );
}

/** What the last action left for this page, shown once (lib/dashboard/catalog.ts takeFlash). */
export function FlashView({ flash, t }: { flash: Flash | null; t: TC }) {
  if (!flash) return null;
  if (flash.kind === 'error')
    return (
      <FlashBox tone="bad">
        <strong>{t('errorTitle')}</strong> {flash.message}
      </FlashBox>
    );
  if (flash.kind === 'notice') return <FlashBox>{flash.message}</FlashBox>;
  return (
    <div className="dc-reveal">
      <FlashBox>{flash.message}</FlashBox>
      {flash.secrets.map((s, i) => (
        <CopyField key={i} id={`secret-${i}`} label={s.label} value={s.value} t={t} multiline />
      ))}
      <p className="dc-warn">
        <strong>{t('showOnce')}</strong>
        {flash.hint ? ` ${flash.hint}` : ''}
      </p>
    </div>
  );
}

/** One button posting one object's id (and fixed fields) to a server action. */
export function ActionButton({
  action,
  fields,
  children,
  secondary,
  danger,
  label,
}: {
  action: (form: FormData) => Promise<void>;
  fields: Record<string, string>;
  children: ReactNode;
  secondary?: boolean;
  danger?: boolean;
  /** An accessible name when the visible text alone is ambiguous in a list ("Deactivate" which?). */
  label?: string;
}) {
  return (
    <form action={action} className="db-inline">
      {Object.entries(fields).map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      <button type="submit" className={`db-button${secondary ? ' db-button-secondary' : ''}${danger ? ' db-button-danger' : ''}`} aria-label={label}>
        {children}
      </button>
    </form>
  );
}
