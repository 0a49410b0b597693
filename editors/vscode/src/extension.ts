// The VS Code client of `tplsync lsp --stdio`: thin on purpose. It starts the tplsync installed in
// the workspace (so the editor applies the rules of the project's own version, as CI does) and
// hands YAML files to it; everything else (findings, hover, quick fixes, completion) is the server's.
import { existsSync } from 'node:fs';
import { window, workspace, type ExtensionContext } from 'vscode';
import { findServer, placesLooked } from './find-server';
import { LanguageClient, TransportKind, type LanguageClientOptions, type ServerOptions } from 'vscode-languageclient/node';

let client: LanguageClient | undefined;

export async function activate(context: ExtensionContext): Promise<void> {
  // every workspace folder: one server for them all (it keeps a project per folder), found from any of them
  const folders = (workspace.workspaceFolders ?? []).map((f) => f.uri.fsPath);
  if (!folders.length) return;
  const setting = workspace.getConfiguration('tplsync').get<string>('path');
  const found = findServer(folders, setting, existsSync);
  if (!found) {
    void window.showInformationMessage(`tplsync: not found (looked for ${placesLooked(folders, setting)}); install tplsync in the project (npm install --save-dev tplsync) or set tplsync.path.`);
    return;
  }
  const server: ServerOptions = { command: found.command, args: ['lsp', '--stdio'], options: { cwd: found.folder, shell: process.platform === 'win32' }, transport: TransportKind.stdio };
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
