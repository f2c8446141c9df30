// The pipeline board: a column per stage, cards moved by dragging or by keyboard (accessible
// drag and drop with @dnd-kit), each move saved on the device at once and synced.
import { DndContext, DragOverlay, KeyboardSensor, PointerSensor, rectIntersection, useSensor, useSensors, type DragEndEvent, type DragStartEvent } from '@dnd-kit/core';
import { memo, useCallback, useMemo, useRef, useState } from 'react';
import type { ProspectStatus } from '../../../db/collections/prospects';
import { personName, STAGES } from '../pipeline';
import { useProspectMove } from '../use-move';
import { announcements, columnCoordinates, SCREEN_READER_INSTRUCTIONS, stageLabel } from './keyboard';
import { CardBody, type CardProspect } from './prospect-card';
import { firstPages, PAGE } from './paging';
import { StageColumn } from './stage-column';
import { useBoard } from './use-board';

// Memoized: the page around it re-renders as its own live queries answer (team, accounts,
// requests waiting), which need not render every column and card again.
export const Board = memo(function Board({ owners, movable }: { owners: ReadonlyMap<string, string>; movable: boolean }) {
  const { move, dialog } = useProspectMove();
  const shown = useRef(new Map<string, CardProspect>());
  const [dragged, setDragged] = useState<CardProspect | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: columnCoordinates }),
  );
  const [limits, setLimits] = useState(() => firstPages(window.innerHeight));
  const columns = useBoard(limits);
  const onMore = useCallback((status: ProspectStatus) => setLimits((l) => ({ ...l, [status]: l[status] + PAGE })), []);
  if (columns) for (const status of STAGES) for (const card of columns[status].cards) shown.current.set(card.id, card);
  const accessibility = useMemo(
    () => ({
      screenReaderInstructions: { draggable: SCREEN_READER_INSTRUCTIONS },
      announcements: announcements({ nameOf: (id) => personName(shown.current.get(id) ?? { first_name: '', last_name: '', email: '', company: '' }), stageOf: stageLabel }),
    }),
    [],
  );

  const onDragStart = (event: DragStartEvent) => setDragged(shown.current.get(String(event.active.id)) ?? null);
  const onDragEnd = (event: DragEndEvent) => {
    setDragged(null);
    const prospect = shown.current.get(String(event.active.id));
    const to = event.over?.id as ProspectStatus | undefined;
    if (prospect && to && STAGES.includes(to)) move(prospect, to);
  };

  return (
    <DndContext sensors={sensors} collisionDetection={rectIntersection} accessibility={accessibility} onDragStart={onDragStart} onDragEnd={onDragEnd} onDragCancel={() => setDragged(null)}>
      {/* Focusable so the board scrolls sideways from the keyboard too; relative so the hidden
          texts inside (sr-only, absolutely placed) scroll with it instead of widening the page. */}
      <div data-testid="board" role="region" aria-label="Pipeline board" tabIndex={0} className="relative -mx-4 flex snap-x gap-3 overflow-x-auto px-4 pb-4 focus-visible:outline-2 focus-visible:outline-brand-600 md:mx-0 md:px-0">
        {STAGES.map((status) => (
          <StageColumn key={status} status={status} owners={owners} movable={movable} column={columns?.[status]} onMore={onMore} />
        ))}
      </div>
      <DragOverlay dropAnimation={null}>
        {dragged && (
          <div className="flex w-60 rotate-2 items-start rounded-lg bg-white p-2.5 shadow-xl ring-2 ring-brand-500">
            <CardBody prospect={dragged} owner={owners.get(dragged.owner_id ?? '')} />
          </div>
        )}
      </DragOverlay>
      {dialog}
    </DndContext>
  );
});
