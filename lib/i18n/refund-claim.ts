// The payer's refund claim page (app/checkout/refund/[token]): its strings in French and English, a
// message table of the one mechanism (translate.ts), kept apart from the checkout's en.ts / fr.ts.
// `fr` must have exactly the keys of `en` (the type says so). Also the page's words that depend on
// the rail (what to paste, its prefix) and on a refusal's code (lib/refunds/claim.ts submitClaim),
// and the claim's deadline as a date a page without JavaScript can show.
import { type Currency, RAIL_CATALOG, type Rail } from '../money';
import { type Locale, type Lookup, type MessageTable, translator } from './translate';

export const en = {
  langName: 'English',
  switchLanguage: 'Language',
  testMode: 'TEST',
  testModeNote: 'This is a test refund: no real money is sent. Use an address or an invoice of the test network.',
  title: 'Refund from {merchant}',
  refundAmount: 'Amount refunded',
  youReceive: 'You receive',
  onRail: 'on {rail}',
  deadline: 'Claim it before {date}.',
  // status line
  statusOpen: 'Waiting for where to send your refund.',
  statusClaimed: 'Received: {merchant} is sending your refund.',
  statusPaid: 'Your refund has been sent.',
  statusClosed: 'This refund can no longer be claimed.',
  // open: the form
  formTitle: 'Where should the refund go?',
  lnHow: 'In your Lightning wallet, tap “Receive”, enter exactly {sats} (not another amount, not “any amount”), then copy the invoice and paste it below.',
  lnLabel: 'Lightning invoice for exactly {sats}',
  lnHint: 'It starts with {prefix}. It must be for exactly {sats} and valid for at least {minutes} minutes.',
  btcHow: 'In your Bitcoin wallet, tap “Receive” and copy your address. Paste it alone below (no amount, no label).',
  btcLabel: 'Your Bitcoin address',
  btcHint: 'A Bitcoin address starting with {prefix}.',
  usdtHow: 'In your wallet, open USDT on the TRON network (TRC20), tap “Receive” and copy your address. Paste it below.',
  usdtLabel: 'Your TRON address (USDT TRC20)',
  usdtHint: 'A TRON address: it starts with T and has 34 characters.',
  usdtWarning: 'Only a TRON (TRC20) address. An address of another network (Ethereum, BNB Chain…) would lose the money.',
  usdtTestNetwork: 'Test mode: the refund goes out on TRON’s Nile test network.',
  submit: 'Send my refund',
  sending: 'Sending…',
  // claimed and paid
  claimedTitle: 'Received: {merchant} sends it',
  claimedText: '{merchant} is sending {amount} to the destination below. It will appear in your wallet; this can take a while.',
  paidTitle: 'Refund sent',
  paidText: '{amount} has been sent to the destination below. You will find it in your wallet.',
  destination: 'Sent to',
  destinationFull: 'Show it in full',
  destinationField: 'Full destination',
  copy: 'Copy',
  copied: 'Copied',
  refresh: 'Refresh this page',
  // closed, unknown
  closedTitle: 'This refund can no longer be claimed',
  closedText: 'Contact {merchant} if you are still waiting for this refund.',
  notFoundTitle: 'Refund link not found',
  notFoundText: 'This refund link is not valid. Check the link, or ask the merchant to send it again.',
  // refusals (lib/refunds/claim.ts codes), next to the field
  err_invalid_destination_lightning: 'This is not a valid Lightning invoice. Copy the whole invoice from your wallet: it starts with {prefix}.',
  err_invalid_destination_onchain: 'This is not a valid Bitcoin address. Paste the address alone, without an amount: it starts with {prefix}.',
  err_invalid_destination_usdt: 'This is not a valid TRON address: it starts with T and has 34 characters.',
  err_wrong_network_lightning: 'This invoice is for another network: an invoice starting with {prefix} is needed.',
  err_wrong_network_onchain: 'This address is for another network: an address starting with {prefix} is needed.',
  err_wrong_network_usdt: 'This address is for another network: a TRON address (starting with T) is needed.',
  err_amount_mismatch: 'This invoice is not for exactly {sats}. Make a new invoice for exactly {sats}.',
  err_invoice_expired: 'This invoice has expired or expires too soon. Make a new one, valid for at least {minutes} minutes.',
  err_claim_closed: 'This refund can no longer be claimed.',
  err_destination_in_use: 'This address is already given for another refund. Give another address of your wallet.',
  err_claim_not_found: 'This refund link is not valid.',
  err_rate_limited: 'Too many attempts. You can try again in {wait}.',
  err_unavailable: 'This refund cannot be claimed right now. Please try again later.',
  err_generic: 'Something went wrong. Please try again.',
};

export type RefundClaimMessages = typeof en;
export type RefundClaimKey = keyof RefundClaimMessages;

export const fr: MessageTable<RefundClaimMessages> = {
  langName: 'Français',
  switchLanguage: 'Langue',
  testMode: 'TEST',
  testModeNote: 'Ce remboursement est un test : aucun argent réel n’est envoyé. Utilisez une adresse ou une facture du réseau de test.',
  title: 'Remboursement de {merchant}',
  refundAmount: 'Montant remboursé',
  youReceive: 'Vous recevez',
  onRail: 'en {rail}',
  deadline: 'À réclamer avant le {date}.',
  statusOpen: 'En attente de l’adresse où envoyer votre remboursement.',
  statusClaimed: 'Bien reçu : {merchant} vous envoie votre remboursement.',
  statusPaid: 'Votre remboursement a été envoyé.',
  statusClosed: 'Ce remboursement ne peut plus être réclamé.',
  formTitle: 'Où envoyer le remboursement ?',
  lnHow:
    'Dans votre portefeuille Lightning, touchez « Recevoir », saisissez exactement {sats} (pas un autre montant, pas « montant libre »), puis copiez la facture et collez-la ci-dessous.',
  lnLabel: 'Facture Lightning de {sats} exactement',
  lnHint: 'Elle commence par {prefix}. Elle doit être de {sats} exactement et valable au moins {minutes} minutes.',
  btcHow: 'Dans votre portefeuille Bitcoin, touchez « Recevoir » et copiez votre adresse. Collez-la seule ci-dessous (sans montant ni libellé).',
  btcLabel: 'Votre adresse Bitcoin',
  btcHint: 'Une adresse Bitcoin qui commence par {prefix}.',
  usdtHow: 'Dans votre portefeuille, ouvrez l’USDT sur le réseau TRON (TRC20), touchez « Recevoir » et copiez votre adresse. Collez-la ci-dessous.',
  usdtLabel: 'Votre adresse TRON (USDT TRC20)',
  usdtHint: 'Une adresse TRON : elle commence par T et compte 34 caractères.',
  usdtWarning: 'Uniquement une adresse TRON (TRC20). Une adresse d’un autre réseau (Ethereum, BNB Chain…) ferait perdre l’argent.',
  usdtTestNetwork: 'Mode test : le remboursement part sur le réseau de test TRON Nile.',
  submit: 'Recevoir mon remboursement',
  sending: 'Envoi…',
  claimedTitle: 'Bien reçu : {merchant} vous l’envoie',
  claimedText: '{merchant} envoie {amount} à la destination ci-dessous. Le montant apparaîtra dans votre portefeuille ; cela peut prendre un moment.',
  paidTitle: 'Remboursement envoyé',
  paidText: '{amount} a été envoyé à la destination ci-dessous. Vous le trouverez dans votre portefeuille.',
  destination: 'Envoyé à',
  destinationFull: 'Afficher en entier',
  destinationField: 'Destination complète',
  copy: 'Copier',
  copied: 'Copié',
  refresh: 'Actualiser la page',
  closedTitle: 'Ce remboursement ne peut plus être réclamé',
  closedText: 'Contactez {merchant} si vous attendez toujours ce remboursement.',
  notFoundTitle: 'Lien de remboursement introuvable',
  notFoundText: 'Ce lien de remboursement n’est pas valide. Vérifiez le lien ou demandez au marchand de vous le renvoyer.',
  err_invalid_destination_lightning:
    'Ce n’est pas une facture Lightning valide. Copiez toute la facture depuis votre portefeuille : elle commence par {prefix}.',
  err_invalid_destination_onchain: 'Ce n’est pas une adresse Bitcoin valide. Collez l’adresse seule, sans montant : elle commence par {prefix}.',
  err_invalid_destination_usdt: 'Ce n’est pas une adresse TRON valide : elle commence par T et compte 34 caractères.',
  err_wrong_network_lightning: 'Cette facture est pour un autre réseau : il faut une facture qui commence par {prefix}.',
  err_wrong_network_onchain: 'Cette adresse est sur un autre réseau : il faut une adresse qui commence par {prefix}.',
  err_wrong_network_usdt: 'Cette adresse est sur un autre réseau : il faut une adresse TRON (qui commence par T).',
  err_amount_mismatch: 'Cette facture n’est pas de {sats} exactement. Créez une nouvelle facture de {sats} exactement.',
  err_invoice_expired: 'Cette facture a expiré ou expire trop tôt. Créez-en une nouvelle, valable au moins {minutes} minutes.',
  err_claim_closed: 'Ce remboursement ne peut plus être réclamé.',
  err_destination_in_use: 'Cette adresse est déjà donnée pour un autre remboursement. Donnez une autre adresse de votre portefeuille.',
  err_claim_not_found: 'Ce lien de remboursement n’est pas valide.',
  err_rate_limited: 'Trop de tentatives. Vous pourrez réessayer dans {wait}.',
  err_unavailable: 'Ce remboursement ne peut pas être réclamé pour le moment. Réessayez plus tard.',
  err_generic: 'Une erreur est survenue. Veuillez réessayer.',
};

/** The claim page's lookup. */
export type TC = Lookup<RefundClaimKey>;

export const tClaim: (locale: Locale) => TC = translator<RefundClaimMessages>({ fr, en });

export const REFUND_CLAIM_MESSAGES: Record<Locale, MessageTable<RefundClaimMessages>> = { fr, en };

/** The refusals of submitClaim the page words itself, and its own (rate_limited, unavailable); anything else reads as generic. */
export const CLAIM_ERROR_CODES = [
  'invalid_destination',
  'wrong_network',
  'amount_mismatch',
  'invoice_expired',
  'claim_closed',
  'claim_not_found',
  'destination_in_use',
  'rate_limited',
  'unavailable',
  'generic',
] as const;
export type ClaimErrorCode = (typeof CLAIM_ERROR_CODES)[number];

export const isClaimErrorCode = (v: unknown): v is ClaimErrorCode => typeof v === 'string' && (CLAIM_ERROR_CODES as readonly string[]).includes(v);

/** What a claim rail takes: a Lightning invoice, a Bitcoin address, a TRON address. */
export type ClaimKind = 'lightning' | 'onchain' | 'usdt';

export function claimKind(rail: Rail): ClaimKind {
  const kind = RAIL_CATALOG[rail].kind;
  return kind === 'lightning' || kind === 'onchain' ? kind : 'usdt';
}

/** How what the payer pastes starts, on the rail's network in this mode: lnbc / lntb, bc1 / tb1, T. */
export function destinationPrefix(rail: Rail, livemode: boolean): string {
  const kind = claimKind(rail);
  if (kind === 'lightning') return livemode ? 'lnbc' : 'lntb';
  if (kind === 'onchain') return livemode ? 'bc1' : 'tb1';
  return 'T';
}

/** A refusal's message: the code's words for this rail, its amount and network filled in. */
export function claimErrorText(tc: TC, code: ClaimErrorCode, ctx: { rail: Rail; livemode: boolean; sats: string; minutes: number; wait?: number }): string {
  const kind = claimKind(ctx.rail);
  const vars = {
    prefix: destinationPrefix(ctx.rail, ctx.livemode),
    sats: ctx.sats,
    minutes: ctx.minutes,
    wait: ctx.wait ? waitText(ctx.wait) : '1 min',
  };
  switch (code) {
    case 'invalid_destination':
    case 'wrong_network':
      return tc(`err_${code}_${kind}`, vars);
    default:
      return tc(`err_${code}`, vars);
  }
}

/** How long to wait, as a payer reads it: "45 s", "2 min". */
const waitText = (seconds: number) => (seconds >= 120 ? `${Math.ceil(seconds / 60)} min` : `${seconds} s`);

const TAG: Record<Locale, string> = { fr: 'fr-FR', en: 'en-GB' };

/** The zone the payer most likely reads the time in (the francs' regions), always named. */
const ZONE: Record<Currency, string> = { XOF: 'Africa/Abidjan', XAF: 'Africa/Douala', GNF: 'Africa/Conakry', BTC: 'UTC', USDT: 'UTC' };

/** A deadline days away, as a date and a time with its zone: "12 mars 2026 à 14:35 UTC", "12 March 2026 at 15:35 UTC+1". */
export function formatDeadline(at: number, currency: Currency, locale: Locale): string {
  const s = new Intl.DateTimeFormat(TAG[locale], {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: ZONE[currency],
    timeZoneName: 'shortOffset',
  }).format(new Date(at * 1000));
  return s.replace(/\b(UTC|GMT)\+0$/, '$1').replace(/\bGMT\b/, 'UTC');
}
