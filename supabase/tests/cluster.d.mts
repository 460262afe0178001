import type { SpawnSyncReturns } from 'node:child_process';

export declare const SUPABASE_DIR: string;
export declare const PLATFORM_SQL_DIR: string;
export declare const MIGRATIONS_DIR: string;

export type Cluster = {
  port: number;
  /** postgresql://postgres@127.0.0.1:<port>/postgres */
  url: string;
  psql(args: string[], input?: string): SpawnSyncReturns<string>;
  stop(): void;
};

export declare function sqlFiles(dir: string): string[];
export declare function startCluster(settings?: string[]): Promise<Cluster>;
export declare function applySchema(cluster: Cluster): void;
