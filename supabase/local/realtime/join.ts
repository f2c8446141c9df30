// Turns a phx_join's config.postgres_changes into bindings: each entry is checked against
// the catalogue (table, filter columns, filter values castable to the column types) and
// echoed back with its id, in the client's order, as realtime-js requires.
import type { Db } from '../db';
import { bindingId, type Binding, type ChangeType } from './channel';
import { syncTriggers } from './triggers';
import { tableInfo, qualifiedName, quoteIdent } from './catalog';
import { conditionSql, FilterError, parseFilter, type Condition } from './filters';

const EVENTS = new Set(['*', 'INSERT', 'UPDATE', 'DELETE']);

export class JoinError extends Error {}

export type ResolvedBindings = { bindings: Binding[]; response: Record<string, unknown>[] };

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

async function checkFilter(db: Db, schema: string, table: string, filter: string): Promise<Condition[]> {
  let conditions: Condition[];
  try {
    conditions = parseFilter(filter);
  } catch (error) {
    throw new JoinError(`invalid filter "${filter}": ${error instanceof FilterError ? error.message : 'cannot parse'}`);
  }
  const info = await tableInfo(db, schema, table);
  if (!info) throw new JoinError(`table ${schema}.${table} does not exist`);
  const names = new Set(info.columns.map((c) => c.name));
  const unknown = conditions.find((c) => !names.has(c.column));
  if (unknown) throw new JoinError(`invalid filter "${filter}": column ${unknown.column} does not exist in ${schema}.${table}`);
  // Binding the values against the columns' types rejects e.g. id=eq.abc on an integer
  // column now rather than failing every later change.
  const params: unknown[] = [];
  const where = conditions.map((c) => conditionSql('c', quoteIdent(c.column), c, params)).join(' and ');
  try {
    await db.query(`select 1 from ${qualifiedName(info)} c where false and ${where}`, params);
  } catch (error) {
    const message = error instanceof Error ? error.message : 'invalid value';
    throw new JoinError(`invalid filter "${filter}": ${message}`);
  }
  return conditions;
}

export async function resolveBindings(db: Db, entries: unknown): Promise<ResolvedBindings> {
  if (entries === undefined || entries === null) return { bindings: [], response: [] };
  if (!Array.isArray(entries)) throw new JoinError('config.postgres_changes must be an array');
  if (entries.length > 100) throw new JoinError('too many postgres_changes bindings');
  if (entries.length > 0) await syncTriggers(db);
  const bindings: Binding[] = [];
  const response: Record<string, unknown>[] = [];
  for (const entry of entries) {
    if (!isObject(entry)) throw new JoinError('each postgres_changes binding must be an object');
    const { event, schema, table, filter } = entry;
    if (typeof event !== 'string' || !EVENTS.has(event.toUpperCase())) {
      throw new JoinError('postgres_changes event must be one of *, INSERT, UPDATE, DELETE');
    }
    if (typeof schema !== 'string' || schema === '') throw new JoinError('postgres_changes schema must be a non-empty string');
    if (table !== undefined && table !== null && typeof table !== 'string') throw new JoinError('postgres_changes table must be a string');
    if (filter !== undefined && filter !== null && typeof filter !== 'string') throw new JoinError('postgres_changes filter must be a string');
    const wildTable = typeof table !== 'string' || table === '' || table === '*';
    const specificTable = schema !== '*' && !wildTable ? table : null;
    let conditions: Condition[] = [];
    if (typeof filter === 'string' && filter !== '') {
      if (specificTable === null) throw new JoinError('a postgres_changes filter needs a specific schema and table');
      conditions = await checkFilter(db, schema, specificTable, filter);
    } else if (specificTable !== null && !(await tableInfo(db, schema, specificTable))) {
      throw new JoinError(`table ${schema}.${specificTable} does not exist`);
    }
    const normalized = {
      event: event.toUpperCase() as '*' | ChangeType,
      schema,
      table: specificTable,
      filter: typeof filter === 'string' && filter !== '' ? filter : null,
    };
    const id = bindingId(normalized);
    bindings.push({ id, ...normalized, conditions });
    response.push({ ...entry, id });
  }
  return { bindings, response };
}
