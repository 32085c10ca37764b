// One payment link: its URL (selectable text, a Copy button with JavaScript), its QR code drawn on
// the server as inline SVG, a download of that SVG to print for a shop counter, and deactivate.
import { notFound } from 'next/navigation';
import QRCode from 'qrcode';
import { ActionButton, CopyField, FlashView } from '@/components/dashboard/catalog/parts';
import { catalogPage, titled } from '@/components/dashboard/catalog/server';
import { Badge, Details, PageTitle, Section } from '@/components/dashboard/ui';
import { formatDate, orNotFound, priceSummaries } from '@/lib/dashboard/catalog';
import { retrievePaymentLink } from '@/lib/domain/payment-links';
import { formatAmount } from '@/lib/i18n/format';
import { isIdOf } from '@/lib/ids';
import { setLinkActiveAction } from '../actions';
import '../../catalog.css';

export const generateMetadata = titled('linkTitle');

/** The QR code of a link's URL as SVG: error correction M, a 4-module quiet zone (as the checkout's). */
async function linkQrSvg(url: string): Promise<string> {
  return QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 4, color: { dark: '#000000', light: '#ffffff' } });
}

export default async function LinkPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  if (!isIdOf('plink', id)) notFound();
  const { ctx, t, flash } = await catalogPage('payments.read');
  const link = await orNotFound(() => retrievePaymentLink(ctx.db, ctx.scope, id));
  const price = (await priceSummaries(ctx.db, ctx.scope, [link.priceId])).get(link.priceId);
  const svg = await linkQrSvg(link.url);
  const title = price ? `${price.productName} · ${formatAmount(price.unitAmount, price.currency, ctx.locale)}` : t('linkTitle');

  return (
    <div className="dc-page">
      <p>
        <a href="/dashboard/links">← {t('linksTitle')}</a>
      </p>
      <PageTitle>{title}</PageTitle>
      <FlashView flash={flash} t={t} />
      {!link.active ? <p className="dc-warn">{t('linkInactiveNote')}</p> : null}
      <CopyField id="link-url" label={t('linkUrl')} value={link.url} t={t} />
      <p>
        <a href={link.url} target="_blank" rel="noopener noreferrer">
          {t('openLink')}
        </a>
      </p>
      <Details
        items={[
          [t('id'), <code key="id">{link.id}</code>],
          [
            t('status'),
            <Badge key="s" tone={link.active ? 'ok' : 'neutral'}>
              {link.active ? t('active') : t('inactive')}
            </Badge>,
          ],
          [
            t('price'),
            price ? (
              <a key="p" href={`/dashboard/products/${price.productId}`}>
                {title}
              </a>
            ) : (
              <code key="p">{link.priceId}</code>
            ),
          ],
          [t('created'), formatDate(link.createdAt, ctx.locale, ctx.timeZone)],
        ]}
      />
      <div className="dc-after">
        <ActionButton action={setLinkActiveAction} fields={{ linkId: link.id, active: link.active ? 'false' : 'true', back: 'detail' }} secondary>
          {link.active ? t('deactivate') : t('activate')}
        </ActionButton>
      </div>

      <Section title={t('qrTitle')} id="qr">
        <div className="dc-qr" role="img" aria-label={t('qrLabel', { url: link.url })} dangerouslySetInnerHTML={{ __html: svg }} />
        <p>
          <a className="db-button db-button-secondary" href={`/dashboard/links/${link.id}/qr.svg`} download={`${link.id}.svg`}>
            {t('qrDownload')}
          </a>
        </p>
      </Section>
    </div>
  );
}
