import { endpoint } from '../lib/http/endpoint';
import { liborFile, type LiborSeries } from '../lib/rates/libor';
import { historyBounds } from '../lib/rates/paging';
import { liborHistoryPage } from '../lib/rates/service';
import { referenceData } from '../lib/reference/referenceData';
import { rateEndpoints } from '../lib/api/rates';

export const handler = endpoint(rateEndpoints.liborHistorical, ({ params, now }) =>
  liborHistoryPage(referenceData<LiborSeries>(liborFile(params.type)), { ...historyBounds(params), page: params.page }, now),
);
