import { defineCollection, replicatedColumns, type DocOf } from '../define';
import { bool, integer, nullableDate, oneOf, text, uuid } from '../fields';

export const milestones = defineCollection({
  name: 'milestones',
  fields: {
    ...replicatedColumns(),
    estimate_id: uuid(),
    title: text(300),
    description: text(),
    start_date: nullableDate(),
    end_date: nullableDate(),
    status: oneOf(['planned', 'in_progress', 'done'], 'planned'),
    visible_to_customer: bool(true),
    sort_order: integer(),
  },
  indexes: [['estimate_id', 'sort_order']],
});
export type Milestone = DocOf<typeof milestones.fields>;
