export declare const repoRoot: string;
export declare const targets: Record<'server' | 'web', { out: string; inputs: string[] }>;
export declare function inputHash(name: 'server' | 'web'): string;
export declare function ensureBuilt(
  name: 'server' | 'web',
  options?: { force?: boolean; log?: (message: string) => void },
): Promise<boolean>;
