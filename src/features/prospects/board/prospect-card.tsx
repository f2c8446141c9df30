// One prospect on the board: name (opens the detail), company, owner and last change; sales
// and above move it by its handle (pointer or keyboard), viewers see no handle.
import { useDraggable } from '@dnd-kit/core';
import { GripVertical } from 'lucide-react';
import { Link } from 'react-router-dom';
import { cx } from '../../../components/ui/cx';
import type { Prospect } from '../../../db/collections/prospects';
import { personName } from '../pipeline';

export type CardProspect = Pick<Prospect, 'id' | 'first_name' | 'last_name' | 'email' | 'company' | 'status' | 'owner_id' | 'updated_at' | 'source'>;

const DAY = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' });

export function CardBody({ prospect, owner }: { prospect: CardProspect; owner: string | undefined }) {
  return (
    <div className="min-w-0 flex-1">
      <Link to={`/prospects?prospect=${prospect.id}`} className="block truncate font-medium text-slate-900 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600">
        {personName(prospect)}
      </Link>
      {prospect.company && <p className="truncate text-xs text-slate-600">{prospect.company}</p>}
      <p className="mt-1 truncate text-xs text-slate-500">
        {owner ?? 'No owner'} · {DAY.format(new Date(prospect.updated_at))}
      </p>
    </div>
  );
}

export function ProspectCard({ prospect, owner, movable }: { prospect: CardProspect; owner: string | undefined; movable: boolean }) {
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({ id: prospect.id, data: { status: prospect.status }, disabled: !movable });
  return (
    <li
      ref={setNodeRef}
      data-testid="prospect-card"
      data-prospect={prospect.id}
      className={cx('flex items-start gap-1 rounded-lg bg-white p-2.5 shadow-sm ring-1 ring-slate-200', isDragging && 'opacity-40')}
    >
      {movable && (
        <button
          type="button"
          {...attributes}
          {...listeners}
          aria-label={`Move ${personName(prospect)}`}
          className="-my-1 -ml-1 flex min-h-11 w-8 shrink-0 cursor-grab touch-none items-center justify-center rounded-md text-slate-400 hover:bg-slate-100 hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-brand-600 active:cursor-grabbing"
        >
          <GripVertical aria-hidden="true" className="size-4" />
        </button>
      )}
      <CardBody prospect={prospect} owner={owner} />
    </li>
  );
}
