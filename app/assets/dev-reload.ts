// `npm run dev` only, on content pages (app/components/site/dev-reload.tsx). They
// run no script of React Router's, so nothing else reloads them after an edit.
// Vite serves this module with its client attached; vite.config.ts sends the
// event when a module the server renders with (a route, a component, a
// stylesheet) changes.
import.meta.hot?.on("bartlett:server-changed", () => location.reload());
