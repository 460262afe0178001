import type { SpawnSyncReturns } from 'node:child_process';

export declare const SUPABASE_DIR: string;
export declare const PLATFORM_SQL_DIR: string;
export declare const MIGRATIONS_DIR: string;
export declare const ADMIN_USER: string;

export type Cluster = {
  port: number;
  /** postgresql://postgres@127.0.0.1:<port>/postgres */
  url: string;
  /** Bootstrapped as supabase_admin, with postgres demoted by applySchema, as on hosted. */
  hosted: boolean;
  psql(args: string[], input?: string, user?: string): SpawnSyncReturns<string>;
  stop(): void;
};

export declare function sqlFiles(dir: string): string[];
export declare function startCluster(
  settings?: string[],
  options?: { hosted?: boolean },
): Promise<Cluster>;
export declare function applyFile(cluster: Cluster, file: string, user?: string): void;
export declare function applySchema(cluster: Cluster): void;
