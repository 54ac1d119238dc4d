import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { startBanner } from './platform/banner';
import { DatabaseLockedError } from './platform/db';

/** Listen, and shut down gracefully: stop accepting, drain requests, close the database. Nothing else. */
async function main() {
  const config = loadConfig();
  const app = await buildApp(config);
  closeWithGrace({ delay: config.shutdownGraceMs }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down');
    // A client that stopped reading (a half-sent download) would hold the close until the grace ends and the
    // process is cut off with its database open: halfway through the grace, drop the connections still open.
    const drop = setTimeout(() => app.server.closeAllConnections(), config.shutdownGraceMs / 2);
    try {
      await app.close();
    } finally {
      clearTimeout(drop);
    }
  });
  const listeningAt = await app.listen({ host: config.host, port: config.port });
  const banner = startBanner(config, listeningAt);
  app.log.info({ banner: banner.fields }, banner.text);
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof DatabaseLockedError) {
    console.error(err.message);
  } else {
    console.error(err);
  }
  process.exit(1);
});
