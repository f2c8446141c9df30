// `npm run dev`: the local backend on API_PORT plus Vite's dev server (hot reload) on PORT,
// proxying the API paths to the backend so the app sees one origin, as in production.
import { createServer } from 'vite';
import { loadConfig } from './config';
import { startServer } from './server';

const apiPort = Number(process.env.API_PORT ?? 54321);
// Vite's proxy is the backend's only peer: it passes the browser's address on in
// X-Forwarded-For, which the backend trusts from loopback (so a tablet on the LAN is not
// mistaken for the person at the keyboard by the dev mailbox).
const backend = await startServer(
  loadConfig({ ...process.env, PORT: String(apiPort), TRUSTED_PROXIES: process.env.TRUSTED_PROXIES || 'loopback' }),
);
const target = backend.url;
const proxied = ['/auth/v1', '/rest/v1', '/_mail', '/config.json', '/health'];
const vite = await createServer({
  configFile: new URL('../../vite.config.ts', import.meta.url).pathname,
  server: {
    port: Number(process.env.PORT ?? 5173),
    host: process.env.HOST ?? '127.0.0.1',
    proxy: {
      ...Object.fromEntries(proxied.map((p) => [p, { target, changeOrigin: false, xfwd: true }])),
      '/realtime/v1': { target, ws: true, xfwd: true },
    },
  },
});
await vite.listen();
vite.printUrls();
console.log(`API at ${target} (proxied through the dev server); dev mailbox at /_mail`);

const stop = async () => {
  await vite.close();
  await backend.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
