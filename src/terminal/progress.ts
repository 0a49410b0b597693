// Effects: progress on long work. A bar on stderr when it is a TTY; silence otherwise (CI logs
// get one line per template from the command itself).
import type { SingleBar } from 'cli-progress';
import { io, type OutStream } from '../core/io.js';

export interface Progress { tick(): void; stop(): void }

export async function progress(label: string, total: number, stream: OutStream = io().stderr): Promise<Progress> {
  // no bar in CI (CI=true), even on a terminal a runner gives it: a log keeps every redraw
  const ci = io().env.CI;
  if (!stream.isTTY || io().env.TERM === 'dumb' || total < 2 || (ci !== undefined && ci !== '' && ci !== '0' && ci.toLowerCase() !== 'false')) return { tick() {}, stop() {} };
  const { default: cliProgress } = await import('cli-progress');
  const bar: SingleBar = new cliProgress.SingleBar({
    format: `${label} [{bar}] {value}/{total} {duration_formatted}`, stream, hideCursor: true, clearOnComplete: true, etaBuffer: 50,
  }, cliProgress.Presets.shades_classic);
  bar.start(total, 0);
  return { tick: () => bar.increment(), stop: () => bar.stop() };
}
