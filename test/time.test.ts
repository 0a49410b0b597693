// RFC 3339 times as RBM takes them, read strictly: a day its month does not have (2026-11-31,
// 2027-02-30), an hour, minute, second or offset out of range is no time; every real one is the
// instant Date.UTC gives, less its offset. Seeded property over dates and times, leap years included.
import fc from 'fast-check';
import './seed.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { daysInMonth, rfc3339Ms } from '../src/model/time.ts';

const two = (n: number) => String(n).padStart(2, '0');

test('property: a time is read exactly when its date and clock exist, as the instant it names', () => {
  fc.assert(fc.property(
    fc.integer({ min: 1970, max: 2100 }), fc.integer({ min: 0, max: 13 }), fc.integer({ min: 0, max: 32 }),
    fc.integer({ min: 0, max: 24 }), fc.integer({ min: 0, max: 60 }), fc.integer({ min: 0, max: 60 }),
    fc.option(fc.tuple(fc.constantFrom('+', '-'), fc.integer({ min: 0, max: 24 }), fc.integer({ min: 0, max: 60 })), { nil: undefined }),
    (y, mo, d, h, mi, s, off) => {
      const zone = off ? `${off[0]}${two(off[1])}:${two(off[2])}` : 'Z';
      const t = `${y}-${two(mo)}-${two(d)}T${two(h)}:${two(mi)}:${two(s)}${zone}`;
      const real = mo >= 1 && mo <= 12 && d >= 1 && d <= daysInMonth(y, mo) && h <= 23 && mi <= 59 && s <= 59 && (!off || (off[1] <= 23 && off[2] <= 59));
      const got = rfc3339Ms(t);
      if (!real) return got === undefined;
      const offsetMs = off ? (off[0] === '+' ? 1 : -1) * (off[1] * 60 + off[2]) * 60_000 : 0;
      return got === Date.UTC(y, mo - 1, d, h, mi, s) - offsetMs;
    },
  ), { numRuns: 3000 });
});

test('what the trial wrote: Nov 31 and Feb 30 are no times; Feb 29 only in a leap year; seconds and fractions optional', () => {
  assert.is(rfc3339Ms('2026-11-31T12:00:00Z'), undefined);
  assert.is(rfc3339Ms('2027-02-30T10:00:00Z'), undefined);
  assert.is(rfc3339Ms('2027-02-29T10:00:00Z'), undefined);
  assert.is(rfc3339Ms('2028-02-29T10:00:00Z'), Date.UTC(2028, 1, 29, 10));
  assert.is(rfc3339Ms('2030-05-04T10:00+02:00'), Date.UTC(2030, 4, 4, 8));
  assert.is(rfc3339Ms('2030-05-04T08:00:00.123456789Z'), Date.UTC(2030, 4, 4, 8, 0, 0, 123));
  for (const bad of ['2030-05-04T08:00:00', '2030-05-04 08:00:00Z', '2030-05-04T08:00:00+25:00', '2030-5-4T08:00:00Z', '']) assert.is(rfc3339Ms(bad), undefined, bad);
});

test.run();
