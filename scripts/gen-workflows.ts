// Writes this repository's own .github/workflows/tplsync-*.yml from src/init/workflows.ts (the
// same text `tplsync init` writes, with the action built from this checkout).
// `npm run workflows`; test/workflows.test.ts fails when they are stale. This repository is public,
// so its pull-request workflow also uploads to code scanning (what `tplsync init --code-scanning` writes).
// Its Node.js is the action's default LTS: its own engines (>=20.19) would take the newest release.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { workflowFiles } from '../src/init/workflows.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

export function ownWorkflows(): Record<string, string> {
  return workflowFiles({ uses: './', extraWith: { from: 'action' }, apiKeyEnv: 'TPLSYNC_PRODUCTION_API_KEY', environment: 'production', typesCheck: true, codeScanning: true });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  for (const [file, text] of Object.entries(ownWorkflows())) writeFileSync(path.join(ROOT, file), text);
  console.log(Object.keys(ownWorkflows()).join('\n'));
}
