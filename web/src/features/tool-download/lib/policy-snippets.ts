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
