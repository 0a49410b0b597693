// Pure: how far the emulator's clock may be moved forward (control.ts moves it; journal.ts checks a stored offset against it).
export const MAX_CLOCK_OFFSET_MS = 100 * 366 * 24 * 3600_000;
