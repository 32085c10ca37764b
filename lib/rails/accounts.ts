// A merchant's rail account (lib/domain/rail-accounts.ts keeps the rows): which settings each rail
// and protocol takes, in the operator's own words, which of them are secrets, and the adapter
// they make. An account's settings are written under the environment variables' names (MOMO_A_
// API_USER, LND_REST_URL, BTC_XPUB...) and parsed by the rail's own definition, the same code that
// parses the deployment's environment: one parser, one set of checks.
import type { Config, MomoProtocol } from '../config';
import { isMobileMoneyRail, type MobileMoneyRail, type Rail } from '../money';
import { isLocalDeployment } from '../ssrf';
import { lndRail } from './lightning/lnd';
import { mobileMoneyRail } from './mobile-money/definition';
import { operatorInfo } from './mobile-money/operators';
import { esploraRail } from './onchain/esplora';
import type { RailDefinition, RailSettings } from './settings';
import { tronGridRail } from './tron/trongrid';
import type { AccountRef, RailAdapter } from './types';

export type FieldKind = 'text' | 'url' | 'secret' | 'pem' | 'integer' | 'currencies';

export interface AccountField {
  /** The API's name (camelCase). */
  name: string;
  /** Given at the top of the account (currencies and limits: `currencies`, `minAmount`...), not in its `settings`. */
  top?: boolean;
  kind: FieldKind;
  required: boolean;
  /** The environment variable's name it stands for (MOMO_<X>_ is written `MOMO_*_`). */
  env: string;
  /** The operator's own words for it, and where the merchant finds it. */
  label: { fr: string; en: string };
  help: { fr: string; en: string };
}

const f = (name: string, kind: FieldKind, required: boolean, env: string, label: [string, string], help: [string, string]): AccountField => ({
  name,
  kind,
  required,
  env,
  label: { fr: label[0], en: label[1] },
  help: { fr: help[0], en: help[1] },
});

/** What every mobile-money account may narrow: given at the top of the account, not in its settings. */
const MOBILE_MONEY_COMMON: AccountField[] = (<AccountField[]>[
  f(
    'currencies',
    'currencies',
    false,
    'MOMO_*_CURRENCIES',
    ['Devises', 'Currencies'],
    ['Celles de votre compte marchand (XOF, XAF, GNF).', 'Those of your merchant account (XOF, XAF, GNF).'],
  ),
  f(
    'minAmount',
    'integer',
    false,
    'MOMO_*_MIN_AMOUNT',
    ['Montant minimum', 'Minimum amount'],
    ['Le plafond bas de votre contrat, en francs.', "Your contract's lower limit, in francs."],
  ),
  f(
    'amountStep',
    'integer',
    false,
    'MOMO_*_AMOUNT_STEP',
    ['Pas du montant', 'Amount step'],
    ['Les montants doivent en être un multiple (par exemple 5 ou 25 francs).', 'Amounts must be a multiple of it (e.g. 5 or 25 francs).'],
  ),
  f(
    'maxAmount',
    'integer',
    false,
    'MOMO_*_MAX_AMOUNT',
    ['Montant maximum', 'Maximum amount'],
    ['Le plafond de votre contrat, en francs.', "Your contract's upper limit, in francs."],
  ),
]).map((field) => ({ ...field, top: true }));

const PROTOCOL_FIELDS: Record<MomoProtocol, AccountField[]> = {
  mtn_momo: [
    f(
      'baseUrl',
      'url',
      true,
      'MOMO_*_BASE_URL',
      ["URL de l'API MoMo", 'MoMo API URL'],
      ['Donnée par MTN (portail MoMo Developer).', 'Given by MTN (MoMo Developer portal).'],
    ),
    f(
      'subscriptionKey',
      'secret',
      true,
      'MOMO_*_SUBSCRIPTION_KEY',
      ["Clé d'abonnement Collection (Ocp-Apim-Subscription-Key)", 'Collection subscription key (Ocp-Apim-Subscription-Key)'],
      ['Profil MoMo Developer, produit Collection.', 'MoMo Developer profile, Collection product.'],
    ),
    f(
      'apiUser',
      'text',
      true,
      'MOMO_*_API_USER',
      ['API User (X-Reference-Id)', 'API User (X-Reference-Id)'],
      ["L'UUID de l'utilisateur API créé pour vous.", 'The UUID of the API user created for you.'],
    ),
    f('apiKey', 'secret', true, 'MOMO_*_API_KEY', ['API Key', 'API Key'], ["La clé de l'utilisateur API.", "The API user's key."]),
    f(
      'targetEnvironment',
      'text',
      true,
      'MOMO_*_TARGET_ENVIRONMENT',
      ['X-Target-Environment', 'X-Target-Environment'],
      ['Votre marché : mtnivorycoast, mtncameroon… (sandbox en test).', 'Your market: mtnivorycoast, mtncameroon… (sandbox in test).'],
    ),
    f(
      'callbackUrl',
      'url',
      false,
      'MOMO_*_CALLBACK_URL',
      ['URL de callback (X-Callback-Url)', 'Callback URL (X-Callback-Url)'],
      [
        "L'adresse de notification de ce compte (notifyUrl, affichée une fois le compte créé), seulement si l'hôte de rappel de votre utilisateur API est celui de Caisse. Sans elle, Caisse interroge MTN.",
        "This account's notifyUrl (shown once the account exists), only if your API user's callback host is Caisse's. Without it, Caisse asks MTN.",
      ],
    ),
    // Refunds by API (MTN's Disbursement product): all three or none, checked by the protocol's parser.
    f(
      'disbursementSubscriptionKey',
      'secret',
      false,
      'MOMO_*_DISBURSEMENT_SUBSCRIPTION_KEY',
      ["Clé d'abonnement Disbursement (remboursements)", 'Disbursement subscription key (refunds)'],
      [
        "Profil MoMo Developer, produit Disbursement ; avec l'API User et l'API Key Disbursement, ou aucun des trois. Sans eux, vous remboursez depuis votre portail partenaire MTN.",
        'MoMo Developer profile, Disbursement product; with the Disbursement API User and API Key, or none of the three. Without them, you refund from your MTN partner portal.',
      ],
    ),
    f(
      'disbursementApiUser',
      'text',
      false,
      'MOMO_*_DISBURSEMENT_API_USER',
      ['API User Disbursement', 'Disbursement API User'],
      ["L'UUID de l'utilisateur API créé pour le produit Disbursement.", 'The UUID of the API user created for the Disbursement product.'],
    ),
    f(
      'disbursementApiKey',
      'secret',
      false,
      'MOMO_*_DISBURSEMENT_API_KEY',
      ['API Key Disbursement', 'Disbursement API Key'],
      ["La clé de l'utilisateur API Disbursement.", "The Disbursement API user's key."],
    ),
  ],
  orange_money: [
    f('baseUrl', 'url', false, 'MOMO_*_BASE_URL', ["URL de l'API", 'API URL'], ['Par défaut https://api.orange.com.', 'Default https://api.orange.com.']),
    f(
      'clientId',
      'text',
      true,
      'MOMO_*_CLIENT_ID',
      ['Client ID', 'Client ID'],
      ['Orange Developer, votre application.', 'Orange Developer, your application.'],
    ),
    f(
      'clientSecret',
      'secret',
      true,
      'MOMO_*_CLIENT_SECRET',
      ['Client Secret', 'Client Secret'],
      ['Orange Developer, votre application.', 'Orange Developer, your application.'],
    ),
    f(
      'merchantKey',
      'secret',
      true,
      'MOMO_*_MERCHANT_KEY',
      ['Merchant Key', 'Merchant Key'],
      ["Donnée par Orange à l'activation de Web Payment.", 'Given by Orange when Web Payment is activated.'],
    ),
    f(
      'webpayCountry',
      'text',
      true,
      'MOMO_*_WEBPAY_COUNTRY',
      ['Pays (chemin Web Payment)', 'Country (Web Payment path)'],
      ['ci, sn, cm… (dev pour le bac à sable).', 'ci, sn, cm… (dev for the sandbox).'],
    ),
    f(
      'webpayCurrency',
      'text',
      false,
      'MOMO_*_WEBPAY_CURRENCY',
      ['Devise Web Payment', 'Web Payment currency'],
      ['OUV, seulement dans le bac à sable.', 'OUV, in the sandbox only.'],
    ),
  ],
  wave: [
    f('baseUrl', 'url', false, 'MOMO_*_BASE_URL', ["URL de l'API", 'API URL'], ['Par défaut https://api.wave.com.', 'Default https://api.wave.com.']),
    f(
      'apiKey',
      'secret',
      true,
      'MOMO_*_API_KEY',
      ['Clé API (Checkout)', 'API key (Checkout)'],
      ['Portail Wave Business, Développeurs.', 'Wave Business portal, Developers.'],
    ),
    f(
      'webhookSecret',
      'secret',
      false,
      'MOMO_*_WEBHOOK_SECRET',
      ['Secret du webhook', 'Webhook secret'],
      [
        "Affiché par Wave quand vous ajoutez l'URL de webhook de ce compte (après sa création). Sans lui, les paiements sont trouvés en interrogeant Wave, quelques secondes plus tard.",
        "Shown by Wave when you add this account's webhook URL (once it exists). Without it, payments are found by asking Wave, seconds later.",
      ],
    ),
    f(
      'payoutApiKey',
      'secret',
      false,
      'MOMO_*_PAYOUT_API_KEY',
      ['Clé API (Payout)', 'API key (Payout)'],
      [
        "Une clé à laquelle le portail Wave Business donne l'API Payout (la clé Checkout si elle a les deux). Sans elle, Wave ne rembourse par API que des paiements entiers ; un remboursement partiel se fait depuis le portail.",
        'A key the Wave Business portal gives the Payout API (the Checkout key, if it has both). Without it, Wave refunds only whole payments by API; a partial refund is made from the portal.',
      ],
    ),
  ],
};

const OTHER_FIELDS: Record<'btc_lightning' | 'btc_onchain' | 'usdt_trc20', AccountField[]> = {
  btc_lightning: [
    f('restUrl', 'url', true, 'LND_REST_URL', ['URL REST de LND', 'LND REST URL'], ['https://votre-noeud:8080', 'https://your-node:8080']),
    f(
      'macaroon',
      'secret',
      true,
      'LND_MACAROON',
      ['Macaroon invoice (hex)', 'Invoice macaroon (hex)'],
      ['invoice.macaroon en hexadécimal : il permet de créer des factures, pas de dépenser.', 'invoice.macaroon as hex: it creates invoices, it cannot spend.'],
    ),
    f(
      'refundMacaroon',
      'secret',
      false,
      'LND_REFUND_MACAROON',
      ['Macaroon de remboursement (hex)', 'Refund macaroon (hex)'],
      [
        'Facultatif : un macaroon qui peut payer (offchain:read et offchain:write). Avec lui, votre nœud paie lui-même les remboursements réclamés ; sans lui, vous les payez depuis votre portefeuille.',
        'Optional: a macaroon that can pay (offchain:read and offchain:write). With it your node pays claimed refunds itself; without it, you pay them from your wallet.',
      ],
    ),
    f(
      'tlsCert',
      'pem',
      false,
      'LND_TLS_CERT_PEM',
      ['Certificat TLS (PEM)', 'TLS certificate (PEM)'],
      ['tls.cert de votre nœud, s’il est auto-signé.', "Your node's tls.cert, if it is self-signed."],
    ),
  ],
  btc_onchain: [
    f(
      'accountKey',
      'secret',
      true,
      'BTC_XPUB',
      ['Clé publique étendue (zpub, BIP84)', 'Extended public key (zpub, BIP84)'],
      [
        'Celle de votre portefeuille (un vpub de testnet pour un compte de test) : Caisse en dérive les adresses de réception, sans pouvoir dépenser.',
        'Your wallet’s (a testnet vpub for a test-mode account): Caisse derives receive addresses from it and cannot spend.',
      ],
    ),
    f(
      'esploraUrl',
      'url',
      true,
      'ESPLORA_URL',
      ['URL Esplora', 'Esplora URL'],
      ['https://blockstream.info/api ou votre propre serveur.', 'https://blockstream.info/api or your own server.'],
    ),
  ],
  usdt_trc20: [
    f(
      'accountKey',
      'secret',
      true,
      'TRON_XPUB',
      ['Clé publique étendue TRON (xpub)', 'TRON extended public key (xpub)'],
      ["Celle du compte m/44'/195'/0' de votre portefeuille.", "Your wallet's m/44'/195'/0' account key."],
    ),
    f(
      'tronGridApiKey',
      'secret',
      true,
      'TRONGRID_API_KEY',
      ['Clé API TronGrid', 'TronGrid API key'],
      ['trongrid.io, tableau de bord.', 'trongrid.io dashboard.'],
    ),
    f(
      'tronGridUrl',
      'url',
      false,
      'TRONGRID_URL',
      ['URL TronGrid', 'TronGrid URL'],
      ['Par défaut https://api.trongrid.io.', 'Default https://api.trongrid.io.'],
    ),
  ],
};

/** The protocol a rail's accounts speak: the deployment's for that rail (MOMO_<X>_PROTOCOL), so a rail is one family everywhere. */
export function accountProtocol(rail: Rail): MomoProtocol | null {
  return isMobileMoneyRail(rail) ? operatorInfo(rail).protocol : null;
}

/** The settings an account on `rail` takes (of `protocol`, else the deployment's for the rail), in the order a form shows them. */
export function accountFields(rail: Rail, protocol?: MomoProtocol | null): AccountField[] {
  if (isMobileMoneyRail(rail)) return [...PROTOCOL_FIELDS[protocol ?? operatorInfo(rail).protocol], ...MOBILE_MONEY_COMMON];
  return OTHER_FIELDS[rail as keyof typeof OTHER_FIELDS] ?? [];
}

/** What the API documents: the settings of each protocol (mobile money) and of each other rail, whatever this deployment's protocols are. */
export type SettingsKind = MomoProtocol | keyof typeof OTHER_FIELDS;
export const SETTINGS_KINDS: readonly SettingsKind[] = ['mtn_momo', 'orange_money', 'wave', 'btc_lightning', 'btc_onchain', 'usdt_trc20'];
export function fieldsOfKind(kind: SettingsKind): AccountField[] {
  return kind in PROTOCOL_FIELDS ? [...PROTOCOL_FIELDS[kind as MomoProtocol], ...MOBILE_MONEY_COMMON] : OTHER_FIELDS[kind as keyof typeof OTHER_FIELDS];
}

/** Every environment variable a rail's definition reads: none of the deployment's leaks into an account. */
const RAIL_VARIABLE =
  /^(MOMO_[A-D]_(?!TIMEOUT_SECONDS$)|LND_REST_URL$|LND_MACAROON$|LND_REFUND_MACAROON$|LND_TLS_CERT_PATH$|BTC_XPUB$|ESPLORA_URL$|TRON_XPUB$|TRONGRID_API_KEY$|TRONGRID_URL$)/;

const live: Partial<Record<Rail, RailDefinition>> = {
  btc_lightning: lndRail as RailDefinition,
  btc_onchain: esploraRail as RailDefinition,
  usdt_trc20: tronGridRail as RailDefinition,
};

function definitionOf(rail: Rail): RailDefinition {
  return isMobileMoneyRail(rail) ? (mobileMoneyRail(rail) as RailDefinition) : live[rail]!;
}

/** An account's values, settings and secrets together, as the API names them. */
export type AccountValues = Record<string, string | number | boolean | readonly string[] | undefined>;

/**
 * The account's values written under the environment's names, over the deployment's other
 * settings (timeouts, BASE_URL, confirmations...): what the rail's definition parses.
 */
/** An account's version as its adapter is made: its id and version, its mode, the protocol it was made with. */
export interface AccountContext extends AccountRef {
  livemode: boolean;
  /** Mobile money: the protocol stored on the account (an account keeps its own if the deployment's changes). */
  protocol?: MomoProtocol | null;
}

export function accountSettings(base: RailSettings, rail: Rail, account: AccountContext, values: AccountValues): RailSettings {
  const cfg: Record<string, unknown> = Object.fromEntries(Object.entries(base.cfg).filter(([k]) => !RAIL_VARIABLE.test(k)));
  const letter = isMobileMoneyRail(rail) ? operatorInfo(rail).letter : '';
  const protocol = isMobileMoneyRail(rail) ? (account.protocol ?? operatorInfo(rail).protocol) : null;
  if (protocol) cfg[`MOMO_${letter}_PROTOCOL`] = protocol;
  cfg.TRONGRID_URL = 'https://api.trongrid.io';
  // A mobile-money account's display name is the operator's name its buyers see.
  if (isMobileMoneyRail(rail) && typeof values.displayName === 'string') cfg[`MOMO_${letter}_DISPLAY_NAME`] = values.displayName;
  for (const field of accountFields(rail, protocol)) {
    const v = values[field.name];
    if (v === undefined || v === '' || v === false) continue;
    const name = field.env.replace('MOMO_*_', `MOMO_${letter}_`);
    if (field.kind === 'currencies') cfg[name] = (v as readonly string[]).join(',');
    else cfg[name] = v;
  }
  // A merchant's backend is reached at public addresses only, unless this deployment is a
  // developer's own (its BASE_URL on loopback or plain http), whose network is the developer's.
  return {
    ...base,
    cfg: cfg as unknown as Config,
    env: cfg,
    account: { id: account.id, version: account.version },
    livemode: account.livemode,
    publicOnly: !isLocalDeployment(base.cfg.BASE_URL),
  };
}

/** Where an operator posts notifications for an account: the URL names it (app/callbacks/[account]). */
export function accountNotifyUrl(cfg: Pick<Config, 'BASE_URL'>, accountId: string): string {
  return `${cfg.BASE_URL}/callbacks/${accountId}`;
}

/** The environment's names in a definition's message, said as the API's fields. */
export function inFieldNames(rail: Rail, message: string): string {
  const letter = isMobileMoneyRail(rail) ? operatorInfo(rail).letter : '';
  let out = message;
  for (const field of accountFields(rail)) out = out.replaceAll(field.env.replace('MOMO_*_', `MOMO_${letter}_`), field.name);
  return out.replace(/Invalid configuration( for [^:]+)?: /g, '').replaceAll(`MOMO_${letter}_*`, 'the account');
}

/**
 * The adapter of one version of a merchant's account: the rail's own definition parses the values
 * (throws, in the API's field names, on a value it cannot use) and makes the live adapter, which
 * carries the account. Used in both modes: a test-mode account is a sandbox account.
 */
export function accountAdapter(base: RailSettings, rail: Rail, account: AccountContext, values: AccountValues): RailAdapter {
  const settings = accountSettings(base, rail, account, values);
  const definition = definitionOf(rail);
  try {
    const parsed = definition.parse(settings);
    if (parsed === null) throw new Error('the account has none of its required settings');
    const adapter = definition.create(parsed, settings);
    Object.defineProperty(adapter, 'account', { value: { id: account.id, version: account.version }, enumerable: true });
    return adapter;
  } catch (err) {
    throw new Error(inFieldNames(rail, (err as Error).message));
  }
}

export type { MobileMoneyRail };
