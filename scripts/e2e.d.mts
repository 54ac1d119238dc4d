export declare const chromiumLaunch: { executablePath: string; args: string[] };
export declare function freePortOnce(name: string): number;
