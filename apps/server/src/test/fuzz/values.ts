import fc from 'fast-check';
import type { Shape } from './shape';

/**
 * Values a field may be sent. Hostile ones: wrong type, too long, NUL, lone surrogates, impossible
 * or out-of-range dates, numbers past every limit, prototype keys. And values the field's own schema
 * accepts (picked from a pool, edge cases included), so that whole requests get past validation
 * with one field spoiled, and reach the service and the database.
 */

const LONG = [255, 256, 1_001, 5_001, 20_001, 200_000];
const HOSTILE_TEXTS = [
  '', ' ', '\t\n', '\r\n\r\n', 'null', 'undefined', 'NaN', 'true', '[]', '{}', '[object Object]',
  "'; drop table users; --", '%', '_', '\\', '%_\\%', '\\x00', '%00', '%u0000', '\\u0000', '../../etc/passwd', '..\\..\\',
  '<script>alert(1)</script>', '<img src=x onerror=alert(1)>', "O'Brien", '"quoted"', '${7*7}', '{{7*7}}',
  '\u0000', 'a\u0000b', '\u0000'.repeat(50), '\uD800', '\uDFFF', 'a\uDC00b', 'x\uD83D', '\uDE00x',
  '\uFFFE', '\uFEFF', '\u202Eabc', 'e\u0301', '\u0085', '\u2028', 'Æøå ÆØÅ', '😀😀', '𝕏𝕐', 'ab',
];
const HOSTILE_NUMBERS = [
  '-1', '0', '-0', '1', '1.5', '1e3', '1e309', '-1e309', '0x10', '0b1', '0o7', ' 7 ', '+1', '07', '1_000', '1,5', '12.50', '0.01',
  '9999999999.99', '99999999999.99', '100', '10000', '999999', '1000000', '1000001', '2147483647', '2147483648', '-2147483649',
  '9007199254740991', '9007199254740993', '-9223372036854775809', '99999999999999999999999999', 'Infinity', '-Infinity', '٣', '１', '1 OR 1=1',
];
/** Dates PostgreSQL cannot hold, days the calendar does not have, forms nobody sends, and good ones. */
const DATES = [
  '0000-01-01', '+275760-09-13', '-000001-01-01', '+010000-01-01', '20270-01-01', '1000-01-01', '0001-01-01T00:00:00Z',
  '2027-02-29', '2027-02-30', '2027-04-31', '2027-13-01', '2027-00-10', '2027-01-00', '2027-1-1', '1 March 2027',
  '2027-01-01T24:00:00Z', '2027-01-01T23:60:00Z', '2027-01-01T10:00:00+99:00', '2027-01-01T10:00:00',
  '1969-12-31T23:59:59.999Z', '9999-12-31T23:59:59.999-14:00', '275760-09-13T00:00:00.000Z', 'Invalid Date', '8.64e15',
  '2027-03-01', '2027-03-31', '2028-02-29', '2027-02-28T23:00:00.000Z', '2027-03-31T21:59:59.999Z', '1900-01-01', '2999-12-31',
  '2999-12-31T23:59:59.999-14:00', '1900-01-01T00:00:00+14:00',
];
/** Values some field of the contracts takes as it is: ids, emails, passwords, codes, sizes, kinds. */
const PLAUSIBLE = [
  ...['1', '2', '3', '4', '5', '7', '10', '12', '20', '33', '40'],
  'true', 'false', 'Fuel', 'Food', 'Generic', 'Store', 'cm@demo.no', 'fuzz@example.no', 'x@y.no', 'Demo2026', 'Abcdefg1', 'Kampanje', 'Ola', 'Nordmann',
  '7040000259872', '123456', '999999999999999', '1234567890123456', 'H10 x W20', 'H1.5 x W2 x D3', 'ABC123',
  'image', 'document', 'admin', 'cm', 'user', 'RBA', 'DO+', '<p>Hei</p>', 'a'.repeat(255), 'x'.repeat(5_000),
];
const CANDIDATES: unknown[] = [...new Set([...HOSTILE_TEXTS, ...HOSTILE_NUMBERS, ...DATES, ...PLAUSIBLE])];

const hostileTexts = fc.oneof(
  fc.constantFrom(...HOSTILE_TEXTS),
  fc.constantFrom(...LONG).chain((n) => fc.constantFrom('x'.repeat(n), 'æ'.repeat(n), '😀'.repeat(n / 2), '%'.repeat(n))),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.tuple(fc.string({ maxLength: 10 }), fc.constantFrom('\u0000', '\uD800', '\uDC00'), fc.string({ maxLength: 10 })).map(([a, b, c]) => a + b + c),
);
const hostileNumbers = fc.oneof(fc.constantFrom(...HOSTILE_NUMBERS), fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).map(String));

/** Keys that break naive object handling. */
const hostileKeys = fc.constantFrom(
  '__proto__', 'constructor', 'prototype', 'hasOwnProperty', 'toString', 'valueOf', '__defineGetter__', 'a[b][c]', '[]', '][', 'a\u0000', '',
);

const hostileStructures: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(['1', '2'], [], [''], { a: { b: { c: 'x' } } }, { '': '' }, [[['1']]], { 0: '1', 1: '2' }),
  fc.dictionary(hostileKeys, fc.constantFrom('1', 'x', ''), { maxKeys: 3 }),
  fc.array(fc.constantFrom('1', '', 'x', '\u0000'), { maxLength: 1_200 }),
  fc.constantFrom(...LONG.slice(0, 3)).map((n) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, '1']))),
);

/** What only JSON can carry: numbers, booleans, null. */
const jsonOnly = fc.oneof(
  fc.constantFrom<unknown>(null, true, false, 0, -1, 1.5, 1e308, -1e308, 2 ** 53 + 1, Number.MIN_VALUE),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

export const hostile: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileTexts },
  { weight: 2, arbitrary: hostileNumbers },
  { weight: 2, arbitrary: fc.constantFrom(...DATES) },
  { weight: 2, arbitrary: hostileStructures },
  { weight: 1, arbitrary: jsonOnly },
);

/** Values the field's own schema accepts, from the pool; for objects and arrays, built from their parts. */
function accepted(shape: Shape): fc.Arbitrary<unknown> | null {
  if (shape.kind === 'object') return fc.record(Object.fromEntries(Object.entries(shape.fields).map(([k, f]) => [k, acceptedOrHostile(f)])));
  if (shape.kind === 'array') return fc.array(acceptedOrHostile(shape.item), { minLength: 1, maxLength: 4 });
  const takes = (v: unknown) => !!shape.schema?.safeParse(v).success;
  const likely = [...(shape.kind === 'enum' ? shape.values : []), ...PLAUSIBLE].filter(takes);
  const others = CANDIDATES.filter(takes);
  if (!others.length && !likely.length) return null;
  const pick = fc.oneof(...[likely, likely, others].filter((l) => l.length).map((l) => fc.constantFrom(...l)));
  // An optional field is often left out, as forms do.
  return takes(undefined) ? fc.option(pick, { nil: undefined }) : pick;
}

const acceptedCache = new WeakMap<Shape, fc.Arbitrary<unknown>>();
function acceptedOrHostile(shape: Shape): fc.Arbitrary<unknown> {
  if (!acceptedCache.has(shape)) acceptedCache.set(shape, accepted(shape) ?? hostile);
  return acceptedCache.get(shape)!;
}

/** A value for one field: hostile or accepted, about evenly. */
export function valueFor(shape: Shape): fc.Arbitrary<unknown> {
  return fc.oneof(hostile, acceptedOrHostile(shape));
}

/** Where a value sits in an input: ['obj_search', 'date_picker', 'from']. */
function leafPaths(fields: Record<string, Shape>, prefix: string[] = []): { path: string[]; shape: Shape }[] {
  return Object.entries(fields).flatMap(([k, f]) => [{ path: [...prefix, k], shape: f }, ...(f.kind === 'object' ? leafPaths(f.fields, [...prefix, k]) : [])]);
}

function withValueAt(input: Record<string, unknown>, path: string[], value: unknown): Record<string, unknown> {
  const [head, ...rest] = path;
  if (head === undefined) return input;
  const inner = input[head];
  const child = rest.length ? withValueAt(inner && typeof inner === 'object' ? (inner as Record<string, unknown>) : {}, rest, value) : value;
  return { ...input, [head]: child };
}

/**
 * Values that pass a field's schema in form and still break below it: text that cannot be stored,
 * dates and numbers past what the database holds. Picked by what the field takes.
 */
const POISON = {
  date: ['0000-01-01', '+275760-09-13', '-000001-01-01', '2027-02-30', '1000-01-01', '20270-01-01', '0000-01-01T00:00:00.000Z', '2027-01-01T24:00:00Z'],
  number: ['2147483648', '9007199254740991', '99999999999', '-2147483649', '-1', '0', '1e3', '1.5'],
  text: ['\u0000', 'a\u0000b', 'ab\u0000', '\uD800', 'ab\uDC00', 'Fuel\uD83D', '%\u0000%', '\\', '%', '_', "'", '😀', 'x'.repeat(1_001)],
};

const poisonCache = new WeakMap<Shape, fc.Arbitrary<unknown>>();
function poisonFor(shape: Shape): fc.Arbitrary<unknown> {
  if (!poisonCache.has(shape)) {
    const takes = (v: string) => shape.kind !== 'object' && !!shape.schema?.safeParse(v).success;
    const kinds = [takes('2027-03-01') && POISON.date, takes('12') && POISON.number, (takes('ab') || takes('Fuel')) && POISON.text].filter((k) => !!k);
    poisonCache.set(shape, fc.constantFrom(...(kinds.length ? kinds.flat() : Object.values(POISON).flat())));
  }
  return poisonCache.get(shape)!;
}

/**
 * An input object: any subset of the known fields, each hostile or accepted; or every field
 * accepted but one (at any depth: `obj_search.input_value`), so the request reaches the service
 * with that one field spoiled. Now and then keys nobody expects.
 */
export function recordFor(fields: Record<string, Shape>): fc.Arbitrary<Record<string, unknown>> {
  const keys = Object.keys(fields);
  const mixed = fc.record(Object.fromEntries(keys.map((k) => [k, valueFor(fields[k]!)])), { requiredKeys: [] });
  const allAccepted = fc.record(Object.fromEntries(keys.map((k) => [k, acceptedOrHostile(fields[k]!)])));
  const leaves = leafPaths(fields);
  const spoiled = leaves.map(({ path, shape }) =>
    fc.tuple(allAccepted, fc.oneof({ weight: 2, arbitrary: poisonFor(shape) }, { weight: 1, arbitrary: hostile })).map(([r, v]) => withValueAt(r, path, v)),
  );
  const oneSpoiled = spoiled.length ? fc.oneof({ weight: 1, arbitrary: allAccepted }, { weight: 4, arbitrary: fc.oneof(...spoiled) }) : fc.constant({});
  const extra = fc.oneof({ weight: 4, arbitrary: fc.constant({}) }, { weight: 1, arbitrary: fc.dictionary(hostileKeys, hostile, { maxKeys: 2 }) });
  return fc.tuple(fc.oneof({ weight: 1, arbitrary: mixed }, { weight: 2, arbitrary: oneSpoiled }), extra).map(([k, e]) => ({ ...e, ...k }));
}
