// The board's columns, read in one go (readBoard) and read again after each change set of the
// prospects collection (local moves, pulled rows, other tabs): one state for the whole board,
// so a change renders it once instead of once per column query.
import { useEffect, useState } from 'react';
import type { ProspectStatus } from '../../../db/collections/prospects';
import { useWorkspace } from '../../../db/react';
import { readBoard, type BoardColumns } from './board-read';

export function useBoard(limits: Readonly<Record<ProspectStatus, number>>): BoardColumns | null {
  const { db, orgId } = useWorkspace();
  const [columns, setColumns] = useState<BoardColumns | null>(null);
  useEffect(() => {
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
      readBoard(db, orgId, limits)
        .then((value) => !closed && setColumns(value))
        .catch((error: unknown) => console.error('The board could not read the device database', error))
        .finally(() => {
          reading = false;
          if (again && !closed) {
            again = false;
            read();
          }
        });
    };
    const subscription = db.prospects.eventBulks$.subscribe((bulk) => !bulk.isLocal && read());
    read();
    return () => {
      closed = true;
      subscription.unsubscribe();
    };
  }, [db, orgId, limits]);
  return columns;
}
