// A QR code rendered on the server as SVG (no client JavaScript, crisp at any zoom). Error
// correction M and a 4-module quiet zone, as wallets expect.
import QRCode from 'qrcode';

export async function InvoiceQr({ text, label }: { text: string; label: string }) {
  const svg = await QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 4, color: { dark: '#000000', light: '#ffffff' } });
  return <div className="co-qr" role="img" aria-label={label} dangerouslySetInnerHTML={{ __html: svg }} />;
}
