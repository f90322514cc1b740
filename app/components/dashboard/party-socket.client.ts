import usePartySocketInBrowser from "partysocket/react";

// A `.client` module: React Router's server build replaces its exports with undefined, so partysocket
// (only ever used in the browser) is not in the Worker, which compiles every module it ships in every
// new isolate (decision 118).

/** partysocket's hook in the browser; undefined in the server build. */
export const usePartySocket: typeof usePartySocketInBrowser | undefined = usePartySocketInBrowser;
