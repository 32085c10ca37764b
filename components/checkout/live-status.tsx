'use client';
// Live status: react-query polls the getStatus server action (every 2 s while a payment is in
// play, slower otherwise, and every 15 s while the tab is hidden). When the version changes the
// server components re-render in place (router.refresh): no reload, the DOM is patched, and the
// aria-live status line announces the new state.
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useEffect, useState } from 'react';
import type { StatusView } from '@/lib/checkout/actions';

function Watcher({ id, version, fast, poll }: { id: string; version: string; fast: boolean; poll: (id: string) => Promise<StatusView | null> }) {
  const router = useRouter();
  const { data } = useQuery({
    queryKey: ['checkout-status', id],
    queryFn: () => poll(id),
    refetchInterval: () => (typeof document !== 'undefined' && document.visibilityState === 'hidden' ? 15_000 : fast ? 2_000 : 10_000),
    refetchIntervalInBackground: true,
    refetchOnWindowFocus: true,
    retry: false,
    staleTime: 0,
  });
  useEffect(() => {
    if (data && data.version !== version) router.refresh();
  }, [data, version, router]);
  useEffect(() => {
    document.documentElement.dataset.hydrated = '1';
  }, []);
  return null;
}

export function LiveStatus(props: { id: string; version: string; fast: boolean; poll: (id: string) => Promise<StatusView | null> }) {
  const [client] = useState(() => new QueryClient());
  return (
    <QueryClientProvider client={client}>
      <Watcher {...props} />
    </QueryClientProvider>
  );
}
