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
    await app.close();
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
