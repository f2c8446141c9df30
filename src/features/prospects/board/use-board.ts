// The board's columns, read in one go (readBoard) and read again after each change set of the
// prospects collection (local moves, pulled rows, other tabs): one state for the whole board,
// so a change renders it once instead of once per column query.
//
// The first page of the last read is kept per open database while no change set arrived since
// (a subscription that only marks it stale lives as long as the database): coming back to the
// board shows it at once, exactly as a new read would.
import { useEffect, useState } from 'react';
import type { ProspectStatus } from '../../../db/collections/prospects';
import type { AppDatabase } from '../../../db/database';
import { useWorkspace } from '../../../db/react';
import { readBoard, type BoardColumns } from './board-read';

type Kept = { orgId: string; limits: unknown; columns: BoardColumns | null; current: boolean };
const kept = new WeakMap<AppDatabase, Kept>();

function keptFor(db: AppDatabase): Kept {
  let entry = kept.get(db);
  if (!entry) {
    const created: Kept = { orgId: '', limits: null, columns: null, current: false };
    const subscription = db.prospects.eventBulks$.subscribe((bulk) => !bulk.isLocal && (created.current = false));
    db.onClose.push(async () => subscription.unsubscribe());
    kept.set(db, created);
    entry = created;
  }
  return entry;
}

export function useBoard(limits: Readonly<Record<ProspectStatus, number>>): BoardColumns | null {
  const { db, orgId } = useWorkspace();
  const [columns, setColumns] = useState<BoardColumns | null>(() => {
    const entry = keptFor(db);
    return entry.current && entry.orgId === orgId && entry.limits === limits ? entry.columns : null;
  });
  useEffect(() => {
    const entry = keptFor(db);
    let closed = false;
    let reading = false;
    let again = false;
    // One read at a time: change sets arriving meanwhile (a sync writes many) ask for one more.
    const read = () => {
      if (reading) {
        again = true;
        return;
      }
      reading = true;
      entry.current = true;
      readBoard(db, orgId, limits)
        .then((value) => {
          Object.assign(entry, { orgId, limits, columns: value });
          if (!closed) setColumns(value);
        })
        .catch((error: unknown) => {
          entry.current = false;
          console.error('The board could not read the device database', error);
        })
        .finally(() => {
          reading = false;
          if (again && !closed) {
            again = false;
            read();
          }
        });
    };
    const subscription = db.prospects.eventBulks$.subscribe((bulk) => !bulk.isLocal && read());
    if (!(entry.current && entry.orgId === orgId && entry.limits === limits)) read();
    return () => {
      closed = true;
      subscription.unsubscribe();
    };
  }, [db, orgId, limits]);
  return columns;
}
