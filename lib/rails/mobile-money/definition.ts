// A live mobile-money rail (mobile_money_a..d): the protocol MOMO_<X>_PROTOCOL names (MTN MoMo,
// Orange Money, Wave) parses the rail's settings. Another protocol's own settings on the rail are a
// mistake (a protocol left at its default), said at start-up.
import { MOMO_PROTOCOLS, type MomoProtocol } from '../../config';
import type { MobileMoneyRail } from '../../money';
import type { MobileMoneyProtocol, RailDefinition } from '../settings';
import { momoProtocol } from './momo';
import { operatorInfoFrom } from './operators';
import { orangeProtocol } from './orange';
import { waveProtocol } from './wave';

const PROTOCOLS: Record<MomoProtocol, MobileMoneyProtocol> = {
  mtn_momo: momoProtocol,
  orange_money: orangeProtocol,
  wave: waveProtocol,
};

/** The settings only `protocol` reads (BASE_URL is everyone's; API_KEY is MTN's and Wave's). */
const ownSettings = (protocol: MomoProtocol): readonly string[] =>
  PROTOCOLS[protocol].settings.filter((n) => !MOMO_PROTOCOLS.some((p) => p !== protocol && PROTOCOLS[p].settings.includes(n)));

export const mobileMoneyRail = (rail: MobileMoneyRail): RailDefinition<{ protocol: MomoProtocol; config: unknown }> => ({
  rail,
  mode: 'live',
  parse(settings) {
    const { letter: l, protocol } = operatorInfoFrom(rail, settings.env);
    const { env } = settings;
    const foreign = MOMO_PROTOCOLS.filter((p) => p !== protocol)
      .flatMap(ownSettings)
      .filter((n) => env[`MOMO_${l}_${n}`] !== undefined);
    if (foreign.length)
      throw new Error(
        `Invalid configuration: MOMO_${l}_PROTOCOL is ${protocol}${env[`MOMO_${l}_PROTOCOL`] === undefined ? ' (the default)' : ''}, but ${foreign.map((n) => `MOMO_${l}_${n}`).join(', ')} belong to another protocol. Set MOMO_${l}_PROTOCOL, or remove them.`,
      );
    const config = PROTOCOLS[protocol].parse(rail, settings);
    return config === null ? null : { protocol, config };
  },
  create: ({ protocol, config }, settings) => PROTOCOLS[protocol].create(rail, config, settings),
});
