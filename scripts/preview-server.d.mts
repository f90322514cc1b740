import type { ChildProcess } from "node:child_process";

export declare function freePort(host?: string): Promise<number>;
export declare function startPreview(options: {
  host: string;
  port: number;
  env: NodeJS.ProcessEnv;
  timeoutMs?: number;
}): Promise<ChildProcess>;
export declare function stopPreview(child: ChildProcess): Promise<void>;
