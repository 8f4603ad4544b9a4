import type { TopupProviderName } from '../../shared/api/admin-catalogue';
import type { Database } from '../db/client';
import type { OperatorDirectory, PromotionSource } from '../topups/provider';
import { createDestinationSwitches, type DestinationSwitches } from './destination-switches';
import { createCountryListCache, type CountryListCache } from './list-countries';
import { cachedOperatorLists } from './operator-lists';
import { servedOperators } from './served-operators';
import { servedPromotions } from './served-promotions';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Drops this server's copies of the catalogue's switches now (Catalogue.dropCaches): the hook a message from
     * another server would call, and tests after they change the tables behind the server's back.
     */
    dropCatalogueCaches(): void;
  }
}

/** What one server knows of the catalogue: the switches and the copies it keeps of them, and the two operator views. */
export interface Catalogue {
  switches: DestinationSwitches;
  /** GET /api/countries, serialised once per change. */
  countryList: CountryListCache;
  /** The provider's operators as it lists them, switches not applied: what the console shows and switches. */
  providerOperators: OperatorDirectory;
  /** What customers may buy: the provider's operators with the switches applied. */
  servedOperators: OperatorDirectory;
  /** The promotions customers see: those running now, of served operators (ADR 069). */
  servedPromotions: PromotionSource;
  /**
   * Drops every copy of the switches this server keeps, so its next answer reads the tables: called after an admin's
   * change here, and the one call a message from another server (pub/sub) would make. Other servers otherwise catch
   * up within CATALOGUE_CACHE_MS.
   */
  dropCaches(): void;
}

export function createCatalogue(options: {
  db: Database;
  provider: TopupProviderName;
  blocked: readonly string[];
  operators: OperatorDirectory;
  promotions: PromotionSource;
  now?: () => number;
  /** The app's clock, which says which promotions run now. */
  clock?: () => Date;
}): Catalogue {
  const switches = createDestinationSwitches(options.db, { provider: options.provider, blocked: options.blocked, now: options.now });
  const countryList = createCountryListCache(options.db, { blocked: switches.blocked, now: options.now });
  const operatorLists = cachedOperatorLists(options.operators, { now: options.now });
  const promotions = servedPromotions(options.promotions, switches, { now: options.now, clock: options.clock });
  return {
    switches,
    countryList,
    providerOperators: options.operators,
    servedOperators: servedOperators(operatorLists, switches),
    servedPromotions: promotions,
    dropCaches() {
      switches.drop();
      operatorLists.drop();
      promotions.drop();
      countryList.invalidate();
    },
  };
}
