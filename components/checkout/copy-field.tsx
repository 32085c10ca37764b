// A labelled read-only field: selectable text without JavaScript, a Copy button with it.
import { CopyButton } from './client';

export function CopyField({
  id,
  label,
  value,
  copy,
  copied,
  multiline,
}: {
  id: string;
  label: string;
  value: string;
  copy: string;
  copied: string;
  multiline?: boolean;
}) {
  return (
    <div className="co-field">
      <label htmlFor={id}>{label}</label>
      <div className="co-copyrow">
        {multiline ? (
          <textarea id={id} className="co-mono" readOnly value={value} rows={4} spellCheck={false} />
        ) : (
          <input id={id} className="co-mono" readOnly value={value} spellCheck={false} />
        )}
        <CopyButton target={id} label={copy} done={copied} />
      </div>
    </div>
  );
}
