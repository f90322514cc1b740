/** The hono app's types: the Worker's bindings, and what middleware hands on to the handlers. */
export interface WorkerEnv {
  Bindings: Env;
  Variables: {
    /** This response's CSP nonce (security-headers.ts); React Router renders its scripts with it. */
    nonce: string;
  };
}
