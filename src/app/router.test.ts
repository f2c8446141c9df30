import { createMemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { routerReady } from './router';

describe('routerReady: the first render waits for the page code', () => {
  it('resolves once the first route has loaded its lazy page, not before', async () => {
    let load!: () => void;
    const loaded = new Promise<void>((resolve) => (load = resolve));
    const router = createMemoryRouter([{ path: '/auth', lazy: async () => (await loaded, { Component: () => null }) }], { initialEntries: ['/auth'] });
    let ready = false;
    const waiting = routerReady(router).then(() => (ready = true));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(ready).toBe(false);
    load();
    await waiting;
    expect(router.state.initialized).toBe(true);
  });

  it('resolves when the page failed to load too (the router shows its error screen)', async () => {
    const router = createMemoryRouter([{ path: '/', lazy: () => Promise.reject(new Error('offline')) }]);
    await routerReady(router);
    expect(router.state.errors).not.toBeNull();
  });

  it('resolves at once for a router already initialized', async () => {
    const router = createMemoryRouter([{ path: '/', Component: () => null }]);
    expect(router.state.initialized).toBe(true);
    await routerReady(router);
  });
});
