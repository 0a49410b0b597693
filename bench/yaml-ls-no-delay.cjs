// yaml-language-server without its fixed 200 ms wait before validating a changed document
// (SettingsState.validationDelayMs, not a setting): bench/lsp.ts measures its validation itself.
const settings = require('yaml-language-server/out/server/src/yamlSettings.js');
const Base = settings.SettingsState;
settings.SettingsState = class extends Base { constructor() { super(); this.validationDelayMs = 0; } };
require('yaml-language-server/out/server/src/server.js');
