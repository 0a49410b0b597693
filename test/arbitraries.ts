// fast-check generators shared by the property tests.
import fc from 'fast-check';
import './seed.ts';

/** a file with a few bytes replaced, inserted or deleted (bytes drawn from `alphabet` when given) */
export function mutate(bases: readonly Uint8Array[], alphabet?: string, maxEdits = 6): fc.Arbitrary<Uint8Array> {
  const byte = alphabet ? fc.constantFrom(...alphabet.split('').map((c) => c.charCodeAt(0))) : fc.integer({ min: 0, max: 255 });
  return fc.tuple(fc.constantFrom(...bases), fc.array(fc.tuple(fc.nat(), byte, fc.constantFrom('set', 'insert', 'delete')), { minLength: 1, maxLength: maxEdits }))
    .map(([buf, edits]) => {
      const b = [...buf];
      for (const [pos, value, op] of edits) {
        const i = pos % (b.length + 1);
        if (op === 'set' && i < b.length) b[i] = value;
        else if (op === 'insert') b.splice(i, 0, value);
        else b.splice(i, 1);
      }
      return Uint8Array.from(b);
    });
}
