// Types for import-rules.mjs, which check-imports.mjs runs in plain Node; its unit tests are TypeScript.
export const FLOORS: string[][];
export function folderOf(file: string): string;
export function readModule(
  file: string,
  source: string,
): { imports: { specifier: string; reexport: boolean }[]; d1: { line: number; what: string }[]; cookies: { line: number; what: string }[] };
export function findProblems(sources: Map<string, string>, options?: { d1Allowed?: (file: string) => boolean; cookieMaker?: string }): string[];
