import { expect, it } from 'vitest';
import { syncAnnouncement, type SyncSnapshot } from './sync-announcement';

const s = (state: SyncSnapshot['state'], pending = 0): SyncSnapshot => ({ state, pending });

it.each([
  ['the first state of the page', null, s('offline'), null],
  ['going offline', s('idle'), s('offline', 2), 'You are offline. Your work is saved on this device and syncs when you are back online.'],
  ['staying offline while changes pile up', s('offline', 1), s('offline', 2), null],
  ['coming back with nothing waiting', s('offline'), s('idle'), 'Back online.'],
  ['coming back with changes waiting', s('offline', 3), s('syncing', 3), 'Back online. Syncing 3 changes.'],
  ['coming back with one change waiting', s('offline', 1), s('idle', 1), 'Back online. Syncing 1 change.'],
  ['a sync error', s('syncing', 1), s('error', 1), 'Sync error. Your changes are kept on this device and will be sent again.'],
  ['an error that goes on', s('error', 1), s('error', 2), null],
  ['the end of an error', s('error', 1), s('syncing', 1), 'Sync works again. Syncing 1 change.'],
  ['the last waiting change reaching the server', s('syncing', 1), s('idle', 0), 'All changes are synced.'],
  ['a pull starting', s('idle'), s('syncing'), null],
  ['a pull ending', s('syncing'), s('idle'), null],
  ['a change made online', s('idle'), s('idle', 1), null],
] as const)('%s', (_name, previous, next, said) => {
  expect(syncAnnouncement(previous, next)).toBe(said);
});
