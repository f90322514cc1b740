/**
 * `npm run dev` only: content pages ship no script (docs/decisions/070), so this one
 * reloads them after an edit, as React Router's hot reload does for pages with scripts.
 * Rendered under `import.meta.env.DEV` alone, so a build has neither it nor the module.
 */
export function DevReload() {
  return <script type="module" src="/app/assets/dev-reload.ts" />;
}
