// The one jotai store, so code outside React (the sync engine) can read and set atoms.
import { createStore } from 'jotai';

export const appStore = createStore();
