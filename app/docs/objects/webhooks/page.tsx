// /docs/objects/webhooks: the event and what delivers it (Event, WebhookEndpoint, WebhookEndpointWithSecret,
// WebhookDelivery, DeletedWebhookEndpoint), one schema of the OpenAPI document each (at #Name). A page of
// their own, so /docs/objects stays light on a phone; the event types and payloads stay there.
import type { Metadata } from 'next';
import Link from 'next/link';
import { WEBHOOK_OBJECTS_PATH } from '@/lib/docs/reference';
import { ObjectGroupPage } from '../group';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Webhook objects: Caisse API reference' };

export default function WebhookObjectsPage() {
  return (
    <ObjectGroupPage
      path={WEBHOOK_OBJECTS_PATH}
      title="Webhook objects"
      intro={
        <>
          An event (<a href="#Event">Event</a>), the endpoints that receive events (<a href="#WebhookEndpoint">WebhookEndpoint</a>, its signing secret once in{' '}
          <a href="#WebhookEndpointWithSecret">WebhookEndpointWithSecret</a>) and each delivery of an event to one (
          <a href="#WebhookDelivery">WebhookDelivery</a>
          ). Every event type and its payload: <Link href="/docs/objects#event-types">event types and webhook payloads</Link>. See the{' '}
          <Link href="/docs/guides/webhooks">webhooks guide</Link>.
        </>
      }
    />
  );
}
