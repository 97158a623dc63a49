import { readFileSync } from 'node:fs';
import { parseProspectus } from './lib/funds/prospectus';
const html = readFileSync('/work/shared/recordings/sec/485bpos-Delaware.html', 'utf8');
for (const [t, c] of [['DDVAX','C000006333'],['DDVCX','C000006335'],['DDVIX','C000006336'],['DDVRX','C000031061'],['DDZRX','C000171459']]) console.log(t, JSON.stringify(parseProspectus(html, { classId: c, seriesId: 'S000002391', ticker: t })));
import { parseNport } from './lib/funds/nport';
const gs = parseNport(readFileSync('/work/shared/datasets/mutual-funds/nport-p_GoldmanSachsBondFund_S000013795_2023-03-31.xml','utf8'));
console.log(JSON.stringify({...gs, topHoldings: gs.topHoldings.slice(0,3)}));
const du = parseNport(readFileSync('/work/shared/recordings/sec/nport-primary_doc-Dupree-S000012000-2022-12.xml','utf8'));
console.log(JSON.stringify({...du, topHoldings: du.topHoldings.slice(0,3)}));
