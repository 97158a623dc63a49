/**
 * `npm run tax:crosscheck`: the cross-check of test/unit/taxReferenceCrossCheck.test.ts as a report, per year
 * the values compared, the accepted differences (with what settles them), the differences on tables served as
 * estimated (2026) and any unexplained difference. Exits 1 when there is an unexplained one.
 */
import { crossCheck, describeDifference, servedTables } from './crossCheck';

const results = crossCheck(servedTables());
for (const result of results) {
  console.log(
    `${result.year}: ${result.compared} values compared in ${result.tables.size} tables; ${result.accepted.length} accepted differences; ` +
      `${result.estimated.length} on estimated tables; ${result.unexplained.length} unexplained`,
  );
  for (const difference of result.accepted) console.log(`  accepted   ${describeDifference(difference)}${difference.by.unsettled ? ' (UNSETTLED)' : ''}`);
  for (const difference of result.estimated) console.log(`  estimated  ${describeDifference(difference)}`);
  for (const difference of result.unexplained) console.log(`  UNEXPLAINED ${describeDifference(difference)}`);
}
process.exitCode = results.some((result) => result.unexplained.length > 0) ? 1 : 0;
