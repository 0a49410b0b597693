// Effects (worker thread): translation files read whole on a thread of their own (parse-ahead.ts),
// while the calling thread reads the project's templates. Each file's text comes in a message and
// goes back as its entries, or as the TranslationFileError it gives (its message and line), in
// the order asked. The reading is formats.ts's readTranslations, the same as on the calling thread.
import { parentPort } from 'node:worker_threads';
import { readTranslations, TranslationFileError, type Format } from './formats.js';

parentPort!.on('message', (m: { k: number; format: Format; text: string }) => {
  try {
    parentPort!.postMessage({ k: m.k, doc: readTranslations(m.format, m.text) });
  } catch (e) {
    // a file that does not read: its error and line; anything else (a fault of the reader) is read again on the calling thread
    if (e instanceof TranslationFileError) parentPort!.postMessage({ k: m.k, error: { message: e.message, line: e.line } });
    else parentPort!.postMessage({ k: m.k, failed: true });
  }
});
