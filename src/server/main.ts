import pino from 'pino';
import { ConfigError, loadConfig } from './config';
import { startServer } from './start';

// Log lines are written without blocking the request that logs them; what is still buffered is flushed on exit.
const logStream = pino.destination({ dest: 1, sync: false });

async function main() {
  const startedAt = performance.now();
  const config = loadConfig();
  const server = await startServer(config, { logStream });
  server.app.log.info({ url: server.url, database: server.database.kind, startupMs: Math.round(performance.now() - startedAt) }, 'server ready');
  // PORT=0 picks a free port: the address to open then has the port the server got.
  server.app.log.info(`Open ${new URL(config.publicUrl).port === '0' ? server.url : config.publicUrl}`);

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    server.app.log.info({ signal }, 'shutting down');
    const exit = (code: number) => {
      logStream.flushSync();
      process.exit(code);
    };
    server.stop().then(
      () => exit(0),
      () => exit(1),
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
  // What was logged while waiting for the database, for instance.
  logStream.flushSync();
  process.exit(1);
});
