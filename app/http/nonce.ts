import { createContext, useContext } from "react";

/**
 * The per-response CSP nonce. entry.server.tsx provides it while rendering;
 * any inline or third-party <script> must carry it or the CSP blocks it.
 * In the browser it is "" (React does not need it after hydration).
 */
export const NonceContext = createContext<string>("");

function useNonce(): string {
  return useContext(NonceContext);
}

/**
 * The `nonce` prop of an element the server renders and the browser hydrates.
 * On the server: this response's nonce, or no attribute on a page without one.
 * In the browser the same value, read back from the page: React compares the
 * element's `nonce` property with the prop, and undefined (or "") made it report
 * a hydration mismatch. The attribute itself reads "" there ("nonce hiding" in the
 * HTML standard); the property keeps the value for the page's own scripts.
 */
export function useNonceAttribute(): string | undefined {
  const nonce = useNonce();
  if (import.meta.env.SSR) return nonce || undefined;
  return document.querySelector<HTMLElement>("script[nonce]")?.nonce || undefined;
}
