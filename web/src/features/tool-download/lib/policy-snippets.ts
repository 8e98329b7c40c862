/**
 * The policy and configuration snippets IT copies, with this installation's address filled in, and the extension's
 * id once its update manifest is published here (a placeholder until then).
 */
export function policySnippets(origin: string, extensionId = '<extension id>') {
  const agentUrl = 'http://127.0.0.1:17380';
  return {
    chrome: JSON.stringify(
      {
        ExtensionInstallForcelist: [`${extensionId};${origin}/downloads/updates.xml`],
        '3rdparty': { extensions: { [extensionId]: { agentUrl, origins: [origin] } } },
      },
      null,
      2,
    ),
    agent: JSON.stringify({ allowedOrigins: [origin], allowedExtensionIds: [extensionId] }, null, 2),
  };
}

/** The newest published file whose name matches, else the pattern's placeholder. */
function newest(files: { name: string; modified: string }[], pattern: RegExp, placeholder: string): string {
  const found = files.filter((f) => pattern.test(f.name)).sort((a, b) => b.modified.localeCompare(a.modified));
  return found[0]?.name ?? placeholder;
}

/** The install commands for the workstation agent, naming the packages published here (newest first). */
export function installCommands(files: { name: string; modified: string }[]) {
  const deb = newest(files, /^rxpacs-agent_[^/]+\.deb$/, 'rxpacs-agent_<version>_amd64.deb');
  const zip = newest(files, /^rxpacs-agent-[^/]+-win32-[^/]+\.zip$/, 'rxpacs-agent-<version>-win32-x64.zip');
  return {
    linux: `sudo apt install ./${deb}\nsudoedit /etc/rxpacs/agent.json`,
    windows: `Expand-Archive ${zip} rxpacs-agent\npowershell -ExecutionPolicy Bypass -File rxpacs-agent\\install.ps1`,
  };
}
