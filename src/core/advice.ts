// Pure: the tplsync command a message advises, with the environment of the run that advises it.

import { shellWord } from './shell-word.js';

/**
 * `tplsync <command> --env <environment>`: the command a refusal or a hint tells the user to run
 * next, naming the environment the advising run used, so that, followed literally, it acts on that
 * environment and not on the config's default (a send under `--env dev` refused as "not on the
 * channel" once advised a bare `tplsync apply`, which applied to the default environment). Without
 * an environment (a library caller that gave none), the bare command.
 */
export function adviceCommand(command: string, environment?: string): string {
  return `tplsync ${command}${environment ? ` --env ${shellWord(environment)}` : ''}`;
}
