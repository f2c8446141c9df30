/// <reference types="vitest/config" />
import { readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type InlineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const repoRoot = fileURLToPath(new URL('.', import.meta.url));
const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

// Requests the service worker must always send to the network: the API, the dev mailbox and
// the backend's own endpoints. navigateFallback must not answer them with index.html either.
const API_PATHS = [/^\/auth\/v1/, /^\/rest\/v1/, /^\/realtime\/v1/, /^\/_mail/, /^\/health/, /^\/config\.json/];

// zod/mini (the customer pages, the public request form, the sign-in screen) gets a copy of
// zod's core of its own. Shared with the full zod of the staff screens, the core would be one
// chunk holding every schema type the full zod needs (15 KB gzipped); on its own it keeps only
// what the mini schemas use. Each page loads one of the two; a page loading both pays ~9 KB.
const MINI_COPY = '?zod-mini';

function zodMiniCopy(): Plugin {
  return {
    name: 'zod-mini-copy',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      const inCopy = importer?.endsWith(MINI_COPY) ?? false;
      if (source !== 'zod/mini' && !inCopy) return null;
      const resolved = await this.resolve(source, inCopy ? importer!.slice(0, -MINI_COPY.length) : importer, { ...options, skipSelf: true });
      if (!resolved || resolved.external || !resolved.id.includes('/node_modules/zod/')) return resolved;
      return { ...resolved, id: `${resolved.id}${MINI_COPY}` };
    },
  };
}

// The pages a customer opens from an e-mail are built on their own after the app, into the same
// folder, each with its files under its own assets folder: their files are not shared with the
// app's, so a customer's phone gets a few files holding only what the page uses instead of the
// app's many small shared chunks, each a round trip on a slow line. The app's own router keeps
// their routes too (the service worker answers navigations with index.html).
// - estimate-link.html (/portal/estimate/{token}): no router, no service worker; its small first
//   module starts the opening call and imports the rest, which the HTML preloads so it downloads
//   at once, beside that module.
// - portal.html (the portal pages): react-router's declarative router and the portal pages;
//   it registers the service worker, so the portal installs and opens offline (from the app).
const SEPARATE_PAGES = [
  { html: 'estimate-link.html', assets: 'assets/estimate-link', preload: /\/src\/app\/estimate-link-page\.tsx$/ },
  { html: 'portal.html', assets: 'assets/portal', preload: /\/src\/app\/portal-app\.tsx$/ },
];

// Built for Node into the build's ssr/ folder, which the server never serves and the service
// worker never caches:
// - the estimate link page rendered by the server (src/estimate-link-server.tsx, loaded by
//   supabase/local/estimate-link-page.ts);
// - the sign-in screen written into auth.html at build time (src/auth-shell-server.tsx): the
//   server and the service worker (workbox tries /auth.html for /auth) answer /auth with it.
const AUTH_SHELL = { html: 'auth.html', renderer: 'auth-shell-server' };
const SERVER_RENDERED = { folder: 'ssr', entries: { 'estimate-link-server': 'estimate-link-server.tsx', [AUTH_SHELL.renderer]: 'auth-shell-server.tsx' } };

/** Preloads from the HTML the files of the entry's dynamic import of `module` (not its other ones: supabase-js stays lazy). */
function preloadDynamicImport(module: RegExp): Plugin {
  return {
    name: 'preload-dynamic-import',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.bundle || !ctx.chunk) return;
        const bundle = ctx.bundle;
        const files = new Set<string>();
        const visit = (file: string) => {
          const chunk = bundle[file];
          if (chunk?.type !== 'chunk' || files.has(file)) return;
          files.add(file);
          chunk.imports.forEach(visit);
        };
        for (const file of ctx.chunk.dynamicImports) {
          const chunk = bundle[file];
          if (chunk?.type === 'chunk' && chunk.facadeModuleId && module.test(chunk.facadeModuleId)) visit(file);
        }
        return [...files]
          .filter((file) => !html.includes(`"/${file}"`))
          .map((file) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` }, injectTo: 'head' as const }));
      },
    },
  };
}

/** What the separate pages' builds and the server-rendered build share: no config file, the sources, quiet. */
const NESTED_BUILD = { configFile: false, root: fileURLToPath(new URL('./src', import.meta.url)), publicDir: false, envDir: repoRoot, logLevel: 'warn' } satisfies InlineConfig;

/** auth.html: index.html with the sign-in screen written in. */
async function writeAuthShell(outDir: string): Promise<void> {
  const renderer = path.join(outDir, SERVER_RENDERED.folder, `${AUTH_SHELL.renderer}.mjs`);
  const { renderAuthShell, SESSION_CHECK } = (await import(pathToFileURL(renderer).href)) as typeof import('./src/auth-shell-server');
  const template = await readFile(path.join(outDir, 'index.html'), 'utf8');
  const html = renderAuthShell(template);
  if (html === null) throw new Error('index.html has no <!--shell-view--> place for the sign-in screen');
  await writeFile(path.join(outDir, SESSION_CHECK.file), SESSION_CHECK.source);
  await writeFile(path.join(outDir, AUTH_SHELL.html), html);
}

function separatePages(): Plugin {
  let outDir = '';
  return {
    name: 'separate-pages',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const { build } = await import('vite');
      for (const page of SEPARATE_PAGES) {
        await build({
          ...NESTED_BUILD,
          define: { __APP_VERSION__: JSON.stringify(pkg.version) },
          plugins: [zodMiniCopy(), react(), tailwindcss(), preloadDynamicImport(page.preload)],
          build: {
            outDir,
            emptyOutDir: false,
            sourcemap: process.env.LINK_SOURCEMAP === '1',
            reportCompressedSize: false,
            rollupOptions: {
              input: fileURLToPath(new URL(`./src/${page.html}`, import.meta.url)),
              output: {
                entryFileNames: `${page.assets}/[name]-[hash].js`,
                chunkFileNames: `${page.assets}/[name]-[hash].js`,
                assetFileNames: `${page.assets}/[name]-[hash][extname]`,
              },
            },
          },
        });
      }
      await build({
        ...NESTED_BUILD,
        plugins: [zodMiniCopy(), react()],
        // Settled at build time, as in the browser's build: left to the server's environment,
        // React's development and production copies would each be picked by different chunks.
        define: { __APP_VERSION__: JSON.stringify(pkg.version), 'process.env.NODE_ENV': JSON.stringify('production') },
        // Everything bundled: the server loads it from wherever the build lies.
        ssr: { noExternal: true },
        build: {
          ssr: true,
          outDir: `${outDir}/${SERVER_RENDERED.folder}`,
          emptyOutDir: false,
          target: 'node20',
          reportCompressedSize: false,
          rollupOptions: {
            input: Object.fromEntries(Object.entries(SERVER_RENDERED.entries).map(([name, entry]) => [name, fileURLToPath(new URL(`./src/${entry}`, import.meta.url))])),
            output: { entryFileNames: '[name].mjs', chunkFileNames: 'chunks/[name]-[hash].mjs' },
          },
        },
      });
      await writeAuthShell(outDir);
    },
  };
}

export default defineConfig({
  root: 'src',
  publicDir: '../public',
  envDir: '..',
  define: { __APP_VERSION__: JSON.stringify(pkg.version) },
  build: { outDir: '../dist', emptyOutDir: true, sourcemap: false },
  plugins: [
    zodMiniCopy(),
    separatePages(),
    // main.tsx imports the app's start (src/app/start-app.tsx): index.html preloads its files.
    preloadDynamicImport(/\/src\/app\/start-app\.tsx$/),
    react(),
    tailwindcss(),
    VitePWA({
      registerType: 'prompt',
      injectRegister: null,
      includeAssets: ['favicon.svg', 'apple-touch-icon.png', 'robots.txt'],
      manifest: {
        name: 'Customer Engagement Portal',
        short_name: 'Estimates',
        description: 'Collaborate on estimates, products, and timelines in a secure customer portal.',
        id: '/',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'any',
        theme_color: '#1d4ed8',
        background_color: '#f8fafc',
        icons: [
          { src: '/pwa-192x192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/pwa-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/maskable-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest,woff2}'],
        globIgnores: [...SEPARATE_PAGES.flatMap((page) => [page.html, `${page.assets}/**`]), `${SERVER_RENDERED.folder}/**`],
        navigateFallback: 'index.html',
        navigateFallbackDenylist: API_PATHS,
        cleanupOutdatedCaches: true,
        runtimeCaching: [
          {
            urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname === '/config.json',
            handler: 'NetworkFirst',
            options: { cacheName: 'runtime-config', networkTimeoutSeconds: 3, expiration: { maxEntries: 1 } },
          },
          {
            urlPattern: ({ url }) => /^\/(auth|rest|realtime|storage|functions)\/v1\//.test(url.pathname) || url.pathname.startsWith('/_mail'),
            handler: 'NetworkOnly',
          },
        ],
      },
    }),
  ],
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          root: repoRoot,
          dir: repoRoot,
          include: ['src/**/*.test.{ts,tsx}', 'sync/**/*.test.ts', 'supabase/local/**/*.test.ts'],
          environment: 'node',
        },
        define: { __APP_VERSION__: JSON.stringify(pkg.version) },
      },
      {
        test: {
          name: 'db',
          root: repoRoot,
          dir: repoRoot,
          include: ['supabase/tests/**/*.test.ts', 'tests/integration/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
