// Keyboard moves on the board: with a card picked up (Space or Enter on its handle), the left
// and right arrows jump to the neighbouring stage's column, Space or Enter drops it there,
// Escape puts it back. What happens is announced to screen readers in words.
import { KeyboardCode, type Announcements, type KeyboardCoordinateGetter } from '@dnd-kit/core';
import type { ProspectStatus } from '../../../db/collections/prospects';
import { STAGE } from '../pipeline';

/** Moves the dragged card's rectangle into the next column left or right (top kept inside it). */
export const columnCoordinates: KeyboardCoordinateGetter = (event, { context: { active, collisionRect, droppableRects, droppableContainers, over } }) => {
  if (event.code !== KeyboardCode.Left && event.code !== KeyboardCode.Right) return undefined;
  event.preventDefault();
  if (!active || !collisionRect) return undefined;
  const columns = droppableContainers
    .getEnabled()
    .map((container) => ({ id: container.id, rect: droppableRects.get(container.id) }))
    .filter((c): c is { id: typeof c.id; rect: NonNullable<typeof c.rect> } => c.rect !== undefined)
    .sort((a, b) => a.rect.left - b.rect.left);
  const centre = collisionRect.left + collisionRect.width / 2;
  const current = over ? columns.findIndex((c) => c.id === over.id) : columns.findIndex((c) => centre >= c.rect.left && centre <= c.rect.right);
  const next = columns[current + (event.code === KeyboardCode.Right ? 1 : -1)];
  if (!next) return undefined;
  const top = Math.min(Math.max(collisionRect.top, next.rect.top), next.rect.top + Math.max(0, next.rect.height - collisionRect.height));
  return { x: next.rect.left + (next.rect.width - collisionRect.width) / 2, y: top };
};

export const SCREEN_READER_INSTRUCTIONS =
  'To move a prospect to another stage, press Space or Enter on its move handle, use the left and right arrow keys to choose the stage, ' +
  'and press Space or Enter again to drop it there. Press Escape to cancel. Won and lost ask for a reason first.';

type Names = { nameOf(id: string): string; stageOf(id: string | number): string };

export function announcements(names: Names): Announcements {
  return {
    onDragStart: ({ active }) => `Picked up ${names.nameOf(String(active.id))}, in ${names.stageOf(String(active.data.current?.status ?? ''))}.`,
    onDragOver: ({ active, over }) => (over ? `${names.nameOf(String(active.id))} is over ${names.stageOf(over.id)}.` : `${names.nameOf(String(active.id))} is over no stage.`),
    onDragEnd: ({ active, over }) => (over ? `Dropped ${names.nameOf(String(active.id))} on ${names.stageOf(over.id)}.` : `${names.nameOf(String(active.id))} was put back.`),
    onDragCancel: ({ active }) => `Moving ${names.nameOf(String(active.id))} was cancelled; it stays where it was.`,
  };
}

export function stageLabel(id: string | number): string {
  return STAGE[id as ProspectStatus]?.label ?? String(id);
}
