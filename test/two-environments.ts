// A project config with two environments, staging (the default) and production, whose shop-whatsapp alias
// names another channel in each; `values` gives each environment's values (shared by the types tests).
export function twoEnvironments(values?: { staging: string; production: string }): string {
  const line = (env: 'staging' | 'production') => (values ? `    values: ${values[env]}\n` : '');
  return `templates: ["templates/**/*.yaml"]
defaultEnvironment: staging
environments:
  staging:
    emulator: .tplsync/staging.json
    channels: { shop-whatsapp: 0b7c3c4e-6f0e-4a4b-9a43-0d6c1d7d2a11 }
${line('staging')}  production:
    emulator: .tplsync/production.json
    channels: { shop-whatsapp: 1b7c3c4e-6f0e-4a4b-9a43-0d6c1d7d2a11 }
${line('production')}channels:
  shop-whatsapp: { kind: whatsapp }
`;
}
