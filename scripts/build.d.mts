export declare const repoRoot: string;
export declare const targets: Record<'server' | 'web' | 'backoffice', { out: string; inputs: string[] }>;
export declare function inputHash(name: 'server' | 'web' | 'backoffice'): string;
export declare function ensureBuilt(
  name: 'server' | 'web' | 'backoffice',
  options?: { force?: boolean; log?: (message: string) => void },
): Promise<boolean>;
