import { createContext, useContext } from "react";

/**
 * The per-response CSP nonce. entry.server.tsx provides it while rendering;
 * any inline or third-party <script> must carry it or the CSP blocks it.
 * In the browser it is "" (React does not need it after hydration).
 */
export const NonceContext = createContext<string>("");

export function useNonce(): string {
  return useContext(NonceContext);
}
