// Starts `skillkit server` (stdio) for SKILL.md, bundled Markdown and skillkit's YAML files.
const vscode = require("vscode");
const { LanguageClient } = require("vscode-languageclient/node");

let client;

function settings() {
  const config = vscode.workspace.getConfiguration("skillkit");
  const out = { diagnostics: config.get("diagnostics") };
  if (config.get("profile")) out.profile = config.get("profile");
  if (config.get("select").length) out.select = config.get("select");
  if (config.get("ignore").length) out.ignore = config.get("ignore");
  return out;
}

function activate(context) {
  const command = vscode.workspace.getConfiguration("skillkit").get("path");
  client = new LanguageClient("skillkit", "skillkit", { command, args: ["server"] }, {
    documentSelector: [
      { scheme: "file", pattern: "**/*.md" },
      { scheme: "file", pattern: "**/{skills,agents,tools,scenes,sessions}/**/*.{yaml,yml}" },
      { scheme: "file", pattern: "**/{catalog,skillkit}.yaml" },
      { scheme: "file", pattern: "**/pyproject.toml" },
    ],
    initializationOptions: { skillkit: settings() },
    synchronize: {
      fileEvents: vscode.workspace.createFileSystemWatcher("**/{SKILL.md,*.md,*.yaml,*.yml,pyproject.toml}"),
    },
  });
  context.subscriptions.push(vscode.workspace.onDidChangeConfiguration((event) => {
    if (event.affectsConfiguration("skillkit") && client) {
      client.sendNotification("workspace/didChangeConfiguration", { settings: { skillkit: settings() } });
    }
  }));
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
