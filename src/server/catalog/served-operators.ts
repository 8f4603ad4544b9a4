import type { OperatorDirectory } from '../topups/provider';
import { refuseUnservedDestination, type DestinationSwitches } from './destination-switches';

/**
 * The operators customers may buy: the top-up provider's (the sandbox's or Reloadly's, as it lists them) with the
 * catalogue's switches on top. An unserved country is refused before the provider is asked; a detected operator that
 * is switched off is refused; a country's list leaves switched-off operators out.
 */
export function servedOperators(provider: OperatorDirectory, switches: DestinationSwitches): OperatorDirectory {
  return {
    async detectOperator(phone, countryIso) {
      await refuseUnservedDestination(switches, countryIso);
      const operator = await provider.detectOperator(phone, countryIso);
      await refuseUnservedDestination(switches, countryIso, operator.operatorId);
      return operator;
    },

    async operatorsByCountry(countryIso) {
      await refuseUnservedDestination(switches, countryIso);
      const listed = await provider.operatorsByCountry(countryIso);
      const disabled = await switches.disabledOperatorIds();
      return listed.filter((operator) => !disabled.has(operator.operatorId));
    },
  };
}
