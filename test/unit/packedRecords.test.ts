import { packRecords, recordReader, unpackRecords } from '../../lib/reference/packedRecords';

const airlines = [
  { name: 'Lufthansa', iata: 'LH', icao: 'DLH', fleet: null, active: true },
  { name: 'Air Berlin', iata: 'AB', icao: 'BER', fleet: null, active: false },
];

test('packs records into their fields once and a row each, and unpacks them as they were', () => {
  // Act
  const packed = packRecords(airlines);
  // Assess
  expect(packed).toEqual({
    fields: ['name', 'iata', 'icao', 'fleet', 'active'],
    rows: [
      ['Lufthansa', 'LH', 'DLH', null, true],
      ['Air Berlin', 'AB', 'BER', null, false],
    ],
  });
  expect(unpackRecords(JSON.parse(JSON.stringify(packed)) as typeof packed)).toEqual(airlines);
});

test('reads one field of a row by name', () => {
  // Prepare
  const packed = packRecords(airlines);
  // Act
  const { value, record } = recordReader(packed);
  // Assess
  expect(packed.rows.map((row) => value(row, 'icao'))).toEqual(['DLH', 'BER']);
  expect(record(packed.rows[1]!)).toEqual(airlines[1]);
});

test('refuses records whose fields differ from the first one', () => {
  // Act / Assess
  expect(() => packRecords([{ a: 1, b: 2 }, { b: 2, a: 1 }])).toThrow('record 1 has the fields b, a, not a, b');
  expect(() => packRecords([{ a: 1, b: 2 }, { a: 1 }] as { a: number; b?: number }[])).toThrow('record 1');
});
