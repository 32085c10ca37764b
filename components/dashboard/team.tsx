// Server-rendered pieces of the team pages: the two-step sign-in QR code (drawn on the server from
// the otpauth:// URI, as the refunds' claim QR codes are: lib/dashboard/refunds.ts qrPath).
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
