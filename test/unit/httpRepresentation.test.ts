import { endpointList } from '../../lib/api/registry';
import { cacheControl, matchesIfNoneMatch, parseIfNoneMatch, revalidates } from '../../lib/http/caching';
import { chooseCoding } from '../../lib/http/compression';

describe('chooseCoding', () => {
  test.each([
    ['gzip, deflate, br', 'br'],
    ['br;q=0.1, gzip;q=1', 'gzip'],
    ['br;q=0.1, gzip;q=0.9', 'gzip'],
    ['gzip;q=0.5, br;q=0.5', 'br'],
    ['gzip;q=0.8, *;q=0.9', 'br'],
    ['gzip, identity;q=1', 'gzip'],
    ['identity, gzip;q=0.5', undefined],
    ['br;q=0.001', 'br'],
    ['gzip', 'gzip'],
    ['GZIP', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['*', 'br'],
    ['*;q=0, gzip', 'gzip'],
    ['br;q=0, gzip;q=0', undefined],
    ['identity', undefined],
    ['deflate', undefined],
    ['br ;  q=0.4 , gzip;q=0.5', 'gzip'], // whitespace around the separators (OWS)
    ['gzip;q=0, gzip;q=0.5', 'gzip'], // named twice: the higher q
    ['br;q=1.5, gzip;q=0.5', 'gzip'], // a q-value over 1 does not parse: that member is ignored
    ['br;q=abc, gzip', 'gzip'],
    ['gzip;q=0.5, identity;q=0', 'gzip'],
    ['*;q=0', undefined],
  ])('picks %j → %s for a 2 KB JSON body', (acceptEncoding, expected) => {
    // Act
    const coding = chooseCoding(acceptEncoding, 'application/json', 2048);

    // Assess
    expect(coding).toBe(expected);
  });

  test('leaves bodies of 1 KB or less, PNG images and requests without Accept-Encoding uncompressed', () => {
    // Act / Assess
    expect(chooseCoding('br', 'application/json', 1024)).toBeUndefined();
    expect(chooseCoding('br', 'image/png', 50_000)).toBeUndefined();
    expect(chooseCoding(undefined, 'application/json', 50_000)).toBeUndefined();
    expect(chooseCoding('br', 'image/svg+xml', 50_000)).toBe('br');
    expect(chooseCoding('br', 'text/html; charset=utf-8', 50_000)).toBe('br');
  });
});

describe('matchesIfNoneMatch', () => {
  test.each([
    ['"abc"', true],
    ['W/"abc"', true],
    ['"abc-br"', true],
    ['"abc-gzip"', true],
    ['"x", "abc"', true],
    ['*', true],
    [' "x" , ,W/"abc-gzip" ', true],
    ['W/*', false],
    ['"x,abc"', false],
    ['abc', false],
    ['"abcd"', false],
    ['"ab"', false],
    ['"abc-deflate"', false],
    ['', false],
  ])('compares %j with the tag abc: %s', (header, expected) => {
    // Act / Assess
    expect(matchesIfNoneMatch(header, 'abc')).toBe(expected);
  });
});

describe('parseIfNoneMatch', () => {
  test.each([
    ['*', '*'],
    [' * ', '*'],
    ['"a"', ['a']],
    ['W/"a", "b"', ['a', 'b']],
    ['"a,b"', ['a,b']],
    [', "a" ,\t, "b",', ['a', 'b']],
    ['""', ['']],
    ['W/*', undefined],
    ['"a", *', undefined],
    ['a', undefined],
    ['"a" "b"', undefined],
    ['w/"a"', undefined],
    ['"a', undefined],
    ['"a"b"', undefined],
    ['', undefined],
  ])('reads %j as %j', (header, expected) => {
    // Act / Assess
    expect(parseIfNoneMatch(header)).toEqual(expected);
  });
});

describe('revalidates', () => {
  test('answers 304 only where an answer may be stored, never for no-store ones', () => {
    // Act / Assess
    expect(revalidates('no-store')).toBe(false);
    expect(revalidates({ scope: 'private', maxAge: 60 })).toBe(true);
    expect(revalidates({ scope: 'public', maxAge: 'untilUtcMidnight' })).toBe(true);
  });

  test('every endpoint that keeps per-key state (the counters table) is no-store, so its writes never answer 304', () => {
    // Prepare
    const perKeyState = endpointList.filter((e) => e.tables?.counters && e.tables.counters !== 'read');

    // Assess
    expect(perKeyState.map((e) => e.path)).toContain('/v1/counter');
    expect(perKeyState.filter((e) => revalidates(e.cache)).map((e) => e.path)).toEqual([]);
  });
});

describe('cacheControl', () => {
  test('writes each kind of policy', () => {
    // Prepare
    const now = new Date('2026-11-20T23:00:00Z');

    // Act / Assess
    expect(cacheControl({ scope: 'public', maxAge: 86_400 }, now)).toBe('public, max-age=86400');
    expect(cacheControl({ scope: 'private', maxAge: 60 }, now)).toBe('private, max-age=60');
    expect(cacheControl({ scope: 'public', maxAge: 'untilUtcMidnight' }, now)).toBe('public, max-age=3600');
    expect(cacheControl('no-store', now)).toBe('no-store');
  });
});
