// How the user runs tplsync, for the commands a hint tells them to type next.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { io, resolvePath } from './io.js';

/**
 * `npx tplsync` when this run came through npm (`npx tplsync ...`, or a package.json script):
 * tplsync is then a project's devDependency, which a shell does not find as a bare `tplsync`
 * (the README installs it so); a bare `tplsync` when it ran without npm (installed globally, or
 * on the PATH). npm says how it ran a command in `npm_command` (exec, run-script).
 *
 * In CI the one who reads the hint is not the one who ran it: a developer reading the job's log
 * runs the command on their own checkout, where a devDependency is `npx tplsync` (the tplsync
 * action runs `node $TPLSYNC_BIN`, so `npm_command` is unset there). So in CI (`CI` or
 * `GITHUB_ACTIONS` set, as the runners set them), `npx tplsync` too when a package.json from
 * `projectDir` (default: the working directory) up lists tplsync among its dependencies.
 */
export function tplsyncCommand(projectDir?: string): string {
  const env = io().env;
  const how = env.npm_command;
  if (how === 'exec' || how === 'run-script') return 'npx tplsync';
  return inCi(env) && declaresTplsync(projectDir ?? io().cwd()) ? 'npx tplsync' : 'tplsync';
}

/** whether the run is a CI job's: `CI` set to anything but empty, 0 or false (every major CI sets it), or GitHub Actions' own variable */
export function inCi(env: NodeJS.ProcessEnv): boolean {
  const ci = env.CI;
  return env.GITHUB_ACTIONS === 'true' || (ci !== undefined && ci !== '' && ci !== '0' && ci.toLowerCase() !== 'false');
}

/** the dependency lists of a package.json where a package a project installs is named */
const DEPENDENCY_KEYS = ['dependencies', 'devDependencies', 'optionalDependencies'];

/** Effects (reads package.json files): whether a package.json in `dir` or a folder above it lists tplsync among its dependencies (a monorepo's root lists it for every team's folder). */
function declaresTplsync(dir: string): boolean {
  for (let d = resolvePath(dir); ; d = path.dirname(d)) {
    const p = path.join(d, 'package.json');
    try {
      // only a regular file of a package.json's size is read (never a pipe, which blocks)
      const st = existsSync(p) ? statSync(p) : undefined;
      if (st?.isFile() && st.size <= 1024 * 1024) {
        const pkg = JSON.parse(readFileSync(p, 'utf8').replace(/^\uFEFF/, '')) as Record<string, unknown> | null;
        if (pkg && typeof pkg === 'object' && DEPENDENCY_KEYS.some((k) => { const deps = pkg[k]; return deps !== null && typeof deps === 'object' && Object.hasOwn(deps, 'tplsync'); })) return true;
      }
    } catch { /* not JSON, or unreadable: lists nothing */ }
    if (path.dirname(d) === d) return false;
  }
}
