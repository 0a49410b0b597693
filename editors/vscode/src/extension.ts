// The VS Code client of `tplsync lsp --stdio`: thin on purpose. It starts the tplsync installed in
// the workspace (so the editor applies the rules of the project's own version, as CI does) and
// hands YAML files to it; everything else (findings, hover, quick fixes, completion) is the server's.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { window, workspace, type ExtensionContext } from 'vscode';
import { LanguageClient, TransportKind, type LanguageClientOptions, type ServerOptions } from 'vscode-languageclient/node';

let client: LanguageClient | undefined;

/** the tplsync to run: the setting, else the workspace's node_modules/.bin/tplsync */
export function serverCommand(folder: string, setting: string | undefined, platform = process.platform): string {
  if (setting) return path.isAbsolute(setting) ? setting : path.join(folder, setting);
  return path.join(folder, 'node_modules', '.bin', platform === 'win32' ? 'tplsync.cmd' : 'tplsync');
}

export async function activate(context: ExtensionContext): Promise<void> {
  const folder = workspace.workspaceFolders?.[0]?.uri.fsPath;
  if (!folder) return;
  const command = serverCommand(folder, workspace.getConfiguration('tplsync').get<string>('path'));
  if (!existsSync(command)) {
    void window.showInformationMessage(`tplsync: ${command} not found; install tplsync in the project (npm install --save-dev tplsync) or set tplsync.path.`);
    return;
  }
  const server: ServerOptions = { command, args: ['lsp', '--stdio'], options: { cwd: folder, shell: process.platform === 'win32' }, transport: TransportKind.stdio };
  const options: LanguageClientOptions = {
    documentSelector: [{ scheme: 'file', language: 'yaml' }],
    // the server reads changed siblings and config files from these events
    synchronize: { fileEvents: workspace.createFileSystemWatcher('**/{*.yaml,*.yml,tplsync.config.*,.tplsyncrc*,package.json}') },
  };
  client = new LanguageClient('tplsync', 'tplsync', server, options);
  context.subscriptions.push(client);
  await client.start();
}

export async function deactivate(): Promise<void> {
  await client?.stop();
}
