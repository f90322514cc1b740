import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import { requestContext } from "../app/http/request-context";

// React Router, React and the server build load with this module, at the first request that
// renders, not when the isolate starts (decision 118): the room, a refusal or a redirect never
// evaluates them.
//
// The build is handed to React Router as the build itself, so React Router derives its route
// tables once per isolate; given a function that imports it, it would derive them again on
// every request (decision 080). The dev server keeps that function form: there an edit
// replaces the build between requests.
type RequestHandler = ReturnType<typeof createRequestHandler>;
const importServerBuild = () => import("virtual:react-router/server-build") as Promise<ServerBuild>;
let handlerReady: Promise<RequestHandler> | undefined;
function requestHandler(): Promise<RequestHandler> {
  if (import.meta.env.DEV) return Promise.resolve(createRequestHandler(importServerBuild, import.meta.env.MODE));
  handlerReady ??= importServerBuild().then(
    (build) => createRequestHandler(build, import.meta.env.MODE),
    (error: unknown) => {
      handlerReady = undefined;
      throw error;
    },
  );
  return handlerReady;
}

/** The app's answer to `request`, rendered by React Router with this request's env, context and CSP nonce. */
export async function renderWithReactRouter(request: Request, env: Env, ctx: ExecutionContext, nonce: string): Promise<Response> {
  const context = new RouterContextProvider();
  context.set(requestContext, { request, env, ctx, nonce });
  return (await requestHandler())(request, context);
}
