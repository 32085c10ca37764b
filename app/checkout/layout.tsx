// The hosted checkout's own stylesheet (small: it blocks the first paint on slow 3G).
import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import './checkout.css';

export const metadata: Metadata = { robots: { index: false, follow: false }, referrer: 'no-referrer' };

export default function CheckoutLayout({ children }: { children: ReactNode }) {
  return children;
}
