// Pure: the one content hash (file hashes, plan fingerprints, cache keys, emulator ids).
import { createHash } from 'node:crypto';

export const sha256 = (s: string | Uint8Array): string => createHash('sha256').update(s).digest('hex');
