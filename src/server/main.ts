import { ConfigError, loadConfig } from './config';
import { startServer } from './start';

async function main() {
  const startedAt = performance.now();
  const config = loadConfig();
  const server = await startServer(config);
  server.app.log.info(
    { url: server.url, database: server.database.kind, startupMs: Math.round(performance.now() - startedAt) },
    'server ready',
  );

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    server.app.log.info({ signal }, 'shutting down');
    server.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(`Configuration error: ${error.message}`);
  } else {
    console.error(`Server failed to start: ${error instanceof Error ? error.message : String(error)}`);
  }
  process.exit(1);
});
