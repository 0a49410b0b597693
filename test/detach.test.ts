// detached() gives the same text, whatever its length or content (it only changes how V8 holds it).
import fc from 'fast-check';
import './seed.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { detached } from '../src/model/detach.ts';

test('a detached string is the same string', () => {
  fc.assert(fc.property(fc.string({ unit: 'grapheme', maxLength: 200 }), fc.nat(50), (s, cut) => {
    const slice = s.slice(Math.min(cut, s.length));
    assert.is(detached(slice), slice);
    assert.is(detached(s), s);
  }));
});

test.run();
