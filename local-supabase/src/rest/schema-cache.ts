import { PostgrestError } from './errors';
import type { Queryable } from '../db/database';

export interface Relation {
  name: string;
  /** Column name → SQL type as `format_type` spells it. */
  columns: Map<string, string>;
}

export interface RoutineArg {
  name: string;
  type: string;
}

export interface Routine {
  name: string;
  args: RoutineArg[];
  /** Number of trailing args that have defaults. */
  defaults: number;
  returnsSet: boolean;
  returnsVoid: boolean;
  /** Returns a row type (a table or composite), rendered as an object. */
  returnsComposite: boolean;
  /** The columns of a row-type result (table, composite type or OUT/TABLE parameters). */
  resultColumns: Map<string, string>;
}

export const EXPOSED_SCHEMA = 'public';

/**
 * PostgREST's schema cache: the tables, views and functions of the exposed schema. Identifiers
 * in requests are only ever used after being found here, so no user text reaches SQL as a name.
 * Reloaded when a lookup misses, which covers DDL run after start (tests, `psql`).
 */
export class SchemaCache {
  private relations = new Map<string, Relation>();
  private routines = new Map<string, Routine[]>();
  private loaded = false;

  constructor(private readonly db: Queryable) {}

  async reload(): Promise<void> {
    const columns = await this.db.query<{ relname: string; attname: string; type: string }>(
      `select c.relname, a.attname, format_type(a.atttypid, a.atttypmod) as type
       from pg_class c
       join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
       where n.nspname = $1 and c.relkind in ('r', 'v', 'm', 'f', 'p')
       order by c.relname, a.attnum`,
      [EXPOSED_SCHEMA],
    );
    const relations = new Map<string, Relation>();
    for (const row of columns.rows) {
      const relation = relations.get(row.relname) ?? {
        name: row.relname,
        columns: new Map<string, string>(),
      };
      relation.columns.set(row.attname, row.type);
      relations.set(row.relname, relation);
    }
    const procs = await this.db.query<{
      proname: string;
      argnames: string[] | null;
      argtypes: string[];
      defaults: number;
      retset: boolean;
      rettype: string;
      composite: boolean;
      outnames: string[] | null;
      outtypes: string[] | null;
      relnames: string[] | null;
      reltypes: string[] | null;
    }>(
      `select p.proname, p.proargnames[1:p.pronargs] as argnames,
              array(select format_type(t, null) from unnest(p.proargtypes) t) as argtypes,
              p.pronargdefaults as defaults, p.proretset as retset, format_type(p.prorettype, null) as rettype,
              (select t.typtype = 'c' or t.typname = 'record' from pg_type t where t.oid = p.prorettype) as composite,
              -- OUT / INOUT / TABLE parameters name the columns of a record result.
              (select array_agg(p.proargnames[o.i] order by o.i) from generate_subscripts(p.proargmodes, 1) o(i)
                 where p.proargmodes[o.i] in ('o', 'b', 't')) as outnames,
              (select array_agg(format_type(p.proallargtypes[o.i], null) order by o.i) from generate_subscripts(p.proargmodes, 1) o(i)
                 where p.proargmodes[o.i] in ('o', 'b', 't')) as outtypes,
              -- A table or composite result type has its columns in pg_attribute.
              (select array_agg(a.attname::text order by a.attnum) from pg_type t join pg_attribute a on a.attrelid = t.typrelid
                 where t.oid = p.prorettype and a.attnum > 0 and not a.attisdropped) as relnames,
              (select array_agg(format_type(a.atttypid, a.atttypmod) order by a.attnum) from pg_type t join pg_attribute a on a.attrelid = t.typrelid
                 where t.oid = p.prorettype and a.attnum > 0 and not a.attisdropped) as reltypes
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       where n.nspname = $1 and p.prokind = 'f'`,
      [EXPOSED_SCHEMA],
    );
    const routines = new Map<string, Routine[]>();
    for (const row of procs.rows) {
      const args = row.argtypes.map((type, index) => ({ name: row.argnames?.[index] ?? '', type }));
      // PostgREST can only call functions whose arguments are all named.
      if (args.some((arg) => arg.name === '')) continue;
      const list = routines.get(row.proname) ?? [];
      const names = row.outnames ?? row.relnames ?? [];
      const types = row.outtypes ?? row.reltypes ?? [];
      list.push({
        name: row.proname,
        args,
        defaults: row.defaults,
        returnsSet: row.retset,
        returnsVoid: row.rettype === 'void',
        returnsComposite: row.composite,
        resultColumns: new Map(names.map((name, index) => [name, types[index] ?? 'text'])),
      });
      routines.set(row.proname, list);
    }
    this.relations = relations;
    this.routines = routines;
    this.loaded = true;
  }

  async relation(name: string): Promise<Relation> {
    if (!this.loaded || !this.relations.has(name)) await this.reload();
    const relation = this.relations.get(name);
    if (relation === undefined) {
      throw new PostgrestError(404, 'PGRST205', `Could not find the table '${EXPOSED_SCHEMA}.${name}' in the schema cache`);
    }
    return relation;
  }

  /** Picks the overload whose named arguments fit the given keys, as PostgREST does. */
  async routine(name: string, argNames: string[]): Promise<Routine> {
    const fits = (routine: Routine): boolean => {
      const names = new Set(routine.args.map((arg) => arg.name));
      const required = routine.args.slice(0, routine.args.length - routine.defaults).map((arg) => arg.name);
      return argNames.every((arg) => names.has(arg)) && required.every((arg) => argNames.includes(arg));
    };
    let match = (this.routines.get(name) ?? []).find(fits);
    if (match === undefined) {
      await this.reload();
      match = (this.routines.get(name) ?? []).find(fits);
    }
    if (match === undefined) {
      const signature = argNames.length === 0 ? 'without parameters' : `with parameters ${[...argNames].sort().join(', ')}`;
      throw new PostgrestError(
        404,
        'PGRST202',
        `Could not find the function ${EXPOSED_SCHEMA}.${name}${argNames.length === 0 ? '' : `(${[...argNames].sort().join(', ')})`} in the schema cache`,
        `Searched for the function ${EXPOSED_SCHEMA}.${name} ${signature}, but no matches were found in the schema cache.`,
      );
    }
    return match;
  }
}

/** Quotes an identifier that came from the catalogue. */
export const ident = (name: string): string => `"${name.replace(/"/g, '""')}"`;
