// @magyarul/local: the embedded Supabase-compatible backend.
export { startServer } from './server.ts';
export type { LocalContext, RunningServer, StartServerOptions } from './server.ts';
export { loadConfig, loadJwtSecret, makeKeys, DEFAULT_PORT, REPO_ROOT } from './config.ts';
export { openDb } from './db/open.ts';
export { runMigrations, listMigrations, PLATFORM_SQL_DIR } from './db/migrate.ts';
export type { LocalDb, Tx } from './db/types.ts';
export type * from './context.ts';
export { signJwt, verifyJwt } from './jwt.ts';
export { OPERATORS as REST_FILTER_OPERATORS } from './rest/parse-filter.ts';
export type { JwtClaims, JwtError } from './jwt.ts';
export { configureAuth, type AuthOptions } from './auth/index.ts';
export { totpCode } from './auth/totp.ts';
