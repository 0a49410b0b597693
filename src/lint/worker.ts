// Effects (worker thread): lints the batches of files the pool hands it.
import { parentPort } from 'node:worker_threads';
import { lintFile } from './run-file.js';

parentPort!.on('message', (msg: { files: { file: string; abs: string }[]; now: number; keepValue: boolean; enable?: string[] }) => {
  const now = new Date(msg.now);
  parentPort!.postMessage(msg.files.map(({ file, abs }) => lintFile(file, abs, now, undefined, msg.keepValue, msg.enable ?? [])));
});
