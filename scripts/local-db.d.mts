export declare const DEMO_STAFF: { email: string; password: string };
export declare function offline(): void;
export declare function run(command: string, args: string[]): void;
export declare function prepareLocalDatabase(): void;
export declare function banner(url: string): void;
export declare function serve(command: string, args: string[]): void;
