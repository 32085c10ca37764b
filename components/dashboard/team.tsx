// Server-rendered pieces of the team pages: the two-step sign-in QR code (drawn on the server from
// the otpauth:// URI, as the refunds' claim QR codes are: lib/dashboard/refunds.ts qrPath), and the
// fields of the forms that ask for a proof (a code, the password).
import { qrPath } from '@/lib/dashboard/refunds';

/** A QR code as inline SVG, named for screen readers; nothing runs in the browser. */
export function TotpQr({ uri, label }: { uri: string; label: string }) {
  const { size, d } = qrPath(uri);
  return (
    <svg className="tm-qr" role="img" aria-label={label} viewBox={`0 0 ${size} ${size}`} xmlns="http://www.w3.org/2000/svg" shapeRendering="crispEdges">
      <rect width={size} height={size} fill="#ffffff" />
      <path d={d} fill="#000000" />
    </svg>
  );
}

/**
 * A code field: `app` takes only the 6 digits of the authenticator app (numeric keyboard); otherwise
 * a code or a recovery code.
 */
export function CodeField({ id, label, app, required, describedBy }: { id: string; label: string; app?: boolean; required?: boolean; describedBy?: string }) {
  return (
    <div className="db-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name="code"
        type="text"
        className="dc-input"
        autoComplete="one-time-code"
        required={required}
        aria-describedby={describedBy}
        {...(app ? { inputMode: 'numeric' as const, pattern: '[0-9 ]{6,7}', maxLength: 7 } : { maxLength: 32, spellCheck: false })}
      />
    </div>
  );
}

/** The signed-in user's current password. */
export function PasswordField({ id, label, required, describedBy }: { id: string; label: string; required?: boolean; describedBy?: string }) {
  return (
    <div className="db-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name="password"
        type="password"
        className="dc-input"
        autoComplete="current-password"
        required={required}
        maxLength={1024}
        aria-describedby={describedBy}
      />
    </div>
  );
}
