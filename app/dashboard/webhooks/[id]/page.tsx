// One webhook endpoint: its URL and events, enable/disable, roll the secret (the new one shown once,
// here, right after), and its deliveries (newest first, 20 a page) with status, response code and
// "Resend".
import { notFound } from 'next/navigation';
import { ActionButton, FlashView } from '@/components/dashboard/catalog/parts';
import { catalogPage, listParams, titled } from '@/components/dashboard/catalog/server';
import { Badge, Details, Empty, PageTitle, Pagination, Section, toneOf } from '@/components/dashboard/ui';
import { formatDate, orNotFound } from '@/lib/dashboard/catalog';
import { isIdOf } from '@/lib/ids';
import { listDeliveries, listDeliveriesQuery } from '@/lib/webhooks/deliveries';
import { retrieveEndpoint } from '@/lib/webhooks/endpoints';
import { resendDeliveryAction, rollEndpointSecretAction, setEndpointEnabledAction } from '../actions';
import '../../catalog.css';

export const generateMetadata = titled('endpointTitle');

type SP = Promise<Record<string, string | string[] | undefined>>;

export default async function EndpointPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: SP }) {
  const { id } = await params;
  const { ctx, t, flash } = await catalogPage('webhooks.write');
  if (!isIdOf('we', id)) notFound();
  const endpoint = await orNotFound(() => retrieveEndpoint(ctx.db, ctx.scope, id));
  const parsed = listDeliveriesQuery.safeParse(listParams(await searchParams));
  const q = parsed.success ? parsed.data : listDeliveriesQuery.parse({ limit: '20' });
  const deliveries = await orNotFound(() => listDeliveries(ctx.db, ctx.scope, id, q));
  const backwards = q.endingBefore !== undefined;
  const cursor = q.startingAfter !== undefined || backwards;
  const enabled = endpoint.status === 'enabled';
  const statusWord = { pending: t('deliveryPending'), succeeded: t('deliverySucceeded'), failed: t('deliveryFailed') } as const;

  return (
    <div className="dc-page">
      <p>
        <a href="/dashboard/webhooks">← {t('webhooksTitle')}</a>
      </p>
      <PageTitle>{t('endpointTitle')}</PageTitle>
      <FlashView flash={flash} t={t} />
      <Details
        items={[
          [
            t('endpointUrl'),
            <span key="u" className="dc-break">
              {endpoint.url}
            </span>,
          ],
          [t('id'), <code key="id">{endpoint.id}</code>],
          [
            t('status'),
            <Badge key="s" tone={enabled ? 'ok' : 'bad'}>
              {enabled ? t('enabled') : `${t('disabled')}${endpoint.disabledReason ? ` (${endpoint.disabledReason})` : ''}`}
            </Badge>,
          ],
          [t('events'), endpoint.enabledEvents.includes('*') ? t('allEvents') : endpoint.enabledEvents.join(', ')],
          ...(endpoint.description ? [[t('descriptionShort'), endpoint.description] as [string, string]] : []),
          [t('created'), formatDate(endpoint.createdAt, ctx.locale, ctx.timeZone)],
        ]}
      />
      <div className="dc-row">
        <ActionButton action={setEndpointEnabledAction} fields={{ endpointId: endpoint.id, enabled: enabled ? 'false' : 'true' }} secondary>
          {enabled ? t('disable') : t('enable')}
        </ActionButton>
        <ActionButton action={rollEndpointSecretAction} fields={{ endpointId: endpoint.id }} secondary>
          {t('rollSecret')}
        </ActionButton>
      </div>
      <p className="db-muted">{t('rollSecretHint')}</p>

      <Section title={t('deliveries')} id="deliveries">
        {deliveries.data.length === 0 ? (
          <Empty title={t('noDeliveries')} />
        ) : (
          <ul className="db-deliveries" aria-label={`${t('deliveries')} · ${endpoint.url}`}>
            {deliveries.data.map((d) => (
              <li key={d.id} className="db-delivery">
                <div className="db-delivery-meta">
                  <code className="dc-break">{d.eventType}</code>
                  <Badge tone={toneOf(d.status)}>{statusWord[d.status]}</Badge>
                </div>
                <div className="db-delivery-meta db-muted">
                  <span>
                    {t('response')}: {d.lastResponseStatus ?? (d.lastError ? d.lastError.slice(0, 80) : '—')}
                  </span>
                  <span>
                    {t('attempts')}: {d.attemptCount}
                  </span>
                </div>
                <div className="db-delivery-meta db-muted">
                  <code className="dc-break">{d.eventId}</code>
                  <span>{formatDate(d.createdAt, ctx.locale, ctx.timeZone)}</span>
                </div>
                <ActionButton
                  action={resendDeliveryAction}
                  fields={{ endpointId: endpoint.id, deliveryId: d.id }}
                  secondary
                  label={`${t('resend')} ${d.eventType} ${d.id}`}
                >
                  {t('resend')}
                </ActionButton>
              </li>
            ))}
          </ul>
        )}
        <Pagination
          path={`/dashboard/webhooks/${endpoint.id}`}
          params={{}}
          firstId={deliveries.data[0]?.id ?? null}
          lastId={deliveries.data.at(-1)?.id ?? null}
          hasPrevious={backwards ? deliveries.hasMore : cursor}
          hasNext={backwards ? true : deliveries.hasMore}
          labels={{ pagination: t('pagination'), previous: t('previousPage'), next: t('nextPage') }}
        />
      </Section>
    </div>
  );
}
