// Webhook endpoints: the list (at most 16 a mode) with enable/disable, and a form to add one (URL and
// events). The signing secret is shown once, on the endpoint's page right after it is made.

import { ActionButton, FlashView } from '@/components/dashboard/catalog/parts';
import { catalogPage, titled } from '@/components/dashboard/catalog/server';
import { Badge, Empty, PageTitle, Section, Table } from '@/components/dashboard/ui';
import { formatDate } from '@/lib/dashboard/catalog';
import { EVENT_TYPES } from '@/lib/domain/events';
import { listEndpoints, listEndpointsQuery } from '@/lib/webhooks/endpoints';
import { createEndpointAction, setEndpointEnabledAction } from './actions';
import '../catalog.css';

export const generateMetadata = titled('webhooksTitle');

export default async function WebhooksPage() {
  const { ctx, t, flash } = await catalogPage('webhooks.write');
  const endpoints = await listEndpoints(ctx.db, ctx.scope, listEndpointsQuery.parse({ limit: '100' }));

  return (
    <div className="dc-page">
      <PageTitle>{t('webhooksTitle')}</PageTitle>
      <p className="dc-intro">{t('webhooksIntro')}</p>
      <FlashView flash={flash} t={t} />

      <div className="db-section">
        {endpoints.data.length === 0 ? (
          <Empty title={t('none')} />
        ) : (
          <Table caption={t('webhooksTitle')} captionHidden head={[t('endpointUrl'), t('status'), t('created'), t('actions')]}>
            {endpoints.data.map((e) => (
              <tr key={e.id}>
                <td className="dc-break">
                  <a href={`/dashboard/webhooks/${e.id}`}>{e.url}</a>
                  <div className="db-muted">{e.enabledEvents.includes('*') ? t('allEvents') : e.enabledEvents.join(', ')}</div>
                </td>
                <td>
                  <Badge tone={e.status === 'enabled' ? 'ok' : 'bad'}>{e.status === 'enabled' ? t('enabled') : t('disabled')}</Badge>
                </td>
                <td>{formatDate(e.createdAt, ctx.locale, ctx.timeZone)}</td>
                <td>
                  <ActionButton
                    action={setEndpointEnabledAction}
                    fields={{ endpointId: e.id, enabled: e.status === 'enabled' ? 'false' : 'true', back: 'list' }}
                    secondary
                    label={`${e.status === 'enabled' ? t('disable') : t('enable')} ${e.url}`}
                  >
                    {e.status === 'enabled' ? t('disable') : t('enable')}
                  </ActionButton>
                </td>
              </tr>
            ))}
          </Table>
        )}
      </div>

      <Section title={t('newEndpoint')} id="new-endpoint">
        <form action={createEndpointAction} className="db-form">
          <div className="db-field">
            <label htmlFor="endpoint-url">{t('endpointUrl')}</label>
            <input
              id="endpoint-url"
              name="url"
              type="url"
              className="dc-input"
              required
              maxLength={2048}
              placeholder="https://shop.example/webhooks"
              autoComplete="off"
            />
          </div>
          <div className="db-field">
            <label htmlFor="endpoint-description">{t('description')}</label>
            <input id="endpoint-description" name="description" className="dc-input" maxLength={1000} autoComplete="off" />
          </div>
          <fieldset className="dc-fieldset">
            <legend>{t('events')}</legend>
            <label className="dc-check">
              <input type="checkbox" name="events" value="*" defaultChecked /> {t('allEvents')}
            </label>
            {EVENT_TYPES.map((ev) => (
              <label key={ev} className="dc-check">
                <input type="checkbox" name="events" value={ev} /> <code>{ev}</code>
              </label>
            ))}
          </fieldset>
          <button type="submit" className="db-button">
            {t('createEndpoint')}
          </button>
        </form>
      </Section>
    </div>
  );
}
