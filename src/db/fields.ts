// Column builders: one definition gives the RxDB JSON schema, the zod validator and the
// default of a column, so the three can never drift apart.
import { z } from 'zod';
import { SEARCH_MAX_LENGTH } from '../lib/text-search';

type JsonSchemaField = Record<string, unknown>;

export type Field<Z extends z.ZodType = z.ZodType> = {
  json: JsonSchemaField;
  zod: Z;
  /** The value a new document gets when the caller leaves the column out. */
  initial: () => z.infer<Z>;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// What Postgres prints for timestamptz (2026-11-22T16:38:45.05+00:00) or Date#toISOString.
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}(:?\d{2})?)$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

const TIMESTAMP_MAX_LENGTH = 40;
const MAX_INT = 9_007_199_254_740_991;

function field<Z extends z.ZodType>(json: JsonSchemaField, zod: Z, initial: () => z.infer<Z>): Field<Z> {
  return { json, zod, initial };
}

/** A uuid column that is never null (ids, org_id, parents): indexable. */
export const uuid = () => field({ type: 'string', maxLength: 36 }, z.string().regex(UUID), () => '');
export const nullableUuid = () => field({ type: ['string', 'null'], maxLength: 36 }, z.string().regex(UUID).nullable(), () => null);

/** Text; `maxLength` makes it indexable (RxDB needs it on every indexed string). */
export const text = (maxLength?: number, initial = '') =>
  field(maxLength === undefined ? { type: 'string' } : { type: 'string', maxLength }, maxLength === undefined ? z.string() : z.string().max(maxLength), () => initial);
export const nullableText = () => field({ type: ['string', 'null'] }, z.string().nullable(), () => null);

export const oneOf = <const T extends readonly [string, ...string[]]>(values: T, initial: T[number]) =>
  field({ type: 'string', enum: [...values], maxLength: Math.max(...values.map((v) => v.length)) }, z.enum(values), () => initial);

export const timestamp = () => field({ type: 'string', maxLength: TIMESTAMP_MAX_LENGTH }, z.string().regex(TIMESTAMP), () => new Date().toISOString());
export const nullableTimestamp = () => field({ type: ['string', 'null'], maxLength: TIMESTAMP_MAX_LENGTH }, z.string().regex(TIMESTAMP).nullable(), () => null);
export const nullableDate = () => field({ type: ['string', 'null'], maxLength: 10 }, z.string().regex(DATE).nullable(), () => null);

/** Integers (counts, sort orders): bounded so they can be indexed. */
export const integer = (minimum = -2_147_483_648, maximum = 2_147_483_647, initial = 0) =>
  field({ type: 'integer', minimum, maximum, multipleOf: 1 }, z.number().int().min(minimum).max(maximum), () => initial);
/** Money in integer cents, as Postgres bigint. */
export const cents = (initial = 0) => field({ type: 'integer', minimum: -MAX_INT, maximum: MAX_INT, multipleOf: 1 }, z.number().int(), () => initial);
export const nullableCents = () => field({ type: ['integer', 'null'] }, z.number().int().nullable(), () => null);
/** Decimals (quantities, percentages) as Postgres numeric. */
export const decimal = (initial = 0) => field({ type: 'number' }, z.number().finite(), () => initial);
export const nullableDecimal = () => field({ type: ['number', 'null'] }, z.number().finite().nullable(), () => null);
export const bool = (initial: boolean) => field({ type: 'boolean' }, z.boolean(), () => initial);

export const search = () => field({ type: 'string', maxLength: SEARCH_MAX_LENGTH }, z.string().max(SEARCH_MAX_LENGTH), () => '');
