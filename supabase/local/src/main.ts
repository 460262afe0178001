import { startServer } from './server.ts';

// `npm start` / `npx tsx supabase/local/src/main.ts`: the whole backend on one port.

async function main(): Promise<void> {
  const server = await startServer({ host: process.env.HOST ?? '127.0.0.1' });
  const { config, keys, db } = server.ctx;
  console.log(`Magyarul is running at ${server.url}`);
  console.log(
    `  database:  ${db.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)'}`,
  );
  console.log(`  API URL:   ${server.url}  (/rest/v1, /auth/v1, /storage/v1, /functions/v1)`);
  console.log(`  anon key:  ${keys.anonKey}`);
  if (config.devRoutes) console.log(`  dev mail:  ${server.url}/_dev/mail`);
  if (config.demoAccounts) {
    console.log('  demo accounts (demo only): admin@magyarul.local, learner@magyarul.local');
    console.log('                             password: magyarul-demo');
  }
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: shutting down…`);
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('shutdown failed:', error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
