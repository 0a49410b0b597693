// How the user runs tplsync, for the commands a hint tells them to type next.
import { io } from './io.js';

/**
 * `npx tplsync` when this run came through npm (`npx tplsync ...`, or a package.json script):
 * tplsync is then a project's devDependency, which a shell does not find as a bare `tplsync`
 * (the README installs it so); a bare `tplsync` when it ran without npm (installed globally, or
 * on the PATH). npm says how it ran a command in `npm_command` (exec, run-script).
 */
export function tplsyncCommand(): string {
  const how = io().env.npm_command;
  return how === 'exec' || how === 'run-script' ? 'npx tplsync' : 'tplsync';
}
