import { createContext, type RouterContextProvider } from "react-router";

export interface RequestContext {
  /** The request as the Worker received it: what a cookie set without the route's own request (a flash toast) goes by. */
  request: Request;
  env: Env;
  ctx: ExecutionContext;
  /** This response's Content-Security-Policy nonce, made by the Worker (workers/security-headers.ts). */
  nonce: string;
}

/** Set once per request by the Worker entry (workers/app.ts); read by loaders, actions and the document renderer. */
export const requestContext = createContext<RequestContext>();

export function getCloudflare(context: Readonly<RouterContextProvider>): RequestContext {
  return context.get(requestContext);
}
