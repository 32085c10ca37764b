// Tiny neutral icons (decorative: the rail's name is always written next to them).
import type { RailKind } from '@/lib/money';

const PATHS: Record<RailKind, React.ReactNode> = {
  mobile_money: (
    <>
      <rect x="7" y="2.5" width="10" height="19" rx="2" />
      <path d="M11 18.5h2" />
    </>
  ),
  lightning: <path d="M13 2.5 5.5 13.5H11l-1 8 7.5-11H12z" />,
  onchain: (
    <>
      <circle cx="12" cy="12" r="9.5" />
      <path d="M9.5 7.5h4a2 2 0 0 1 0 4.5h-4zm0 4.5h4.5a2.2 2.2 0 0 1 0 4.5H9.5zM9.5 7.5v9M11 6v1.5m0 9V18" />
    </>
  ),
  usdt: (
    <>
      <circle cx="12" cy="12" r="9.5" />
      <path d="M7.5 8h9M12 8v9M8.5 11.5c1 .8 6 .8 7 0" />
    </>
  ),
};

export function RailIcon({ kind }: { kind: RailKind }) {
  return (
    <svg
      className="co-icon"
      viewBox="0 0 24 24"
      width="24"
      height="24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {PATHS[kind]}
    </svg>
  );
}
