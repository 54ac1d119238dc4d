import net from 'node:net';

// Free of Vitest, so server processes can be started from other runners too (the back office's Playwright).

export const TEST_CAPTCHA = 'TEST42';
export const TEST_OPERATOR_KEY = 'operator-key-for-tests-only';

/**
 * A port the OS says is free now, for a server process a test starts (in-process servers listen on port 0
 * instead). No test hard-codes a port: it would fail whenever anything else holds it.
 */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}
