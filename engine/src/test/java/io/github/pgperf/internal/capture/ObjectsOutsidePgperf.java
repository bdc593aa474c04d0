package io.github.pgperf.internal.capture;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * Every object a user can make in a database, one line each (schemas, relations, functions, types,
 * extensions, event triggers, publications), to compare before and after pgperf touched it.
 */
final class ObjectsOutsidePgperf {

  private static final String QUERY =
      """
      select 'schema ' || nspname from pg_namespace
       where nspname not in ('pg_catalog', 'information_schema', 'pg_toast')
         and nspname not like 'pg_temp_%' and nspname not like 'pg_toast_temp_%'
      union all
      select 'relation ' || n.nspname || '.' || c.relname || ' ' || c.relkind::text
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast')
      union all
      select 'function ' || n.nspname || '.' || p.oid::regprocedure::text
        from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       where n.nspname not in ('pg_catalog', 'information_schema')
      union all
      select 'type ' || n.nspname || '.' || t.typname
        from pg_type t join pg_namespace n on n.oid = t.typnamespace
       where n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast')
      union all
      select 'extension ' || e.extname || ' in ' || n.nspname
        from pg_extension e join pg_namespace n on n.oid = e.extnamespace
      union all select 'event trigger ' || evtname from pg_event_trigger
      union all select 'publication ' || pubname from pg_publication
      order by 1""";

  private ObjectsOutsidePgperf() {}

  static List<String> of(Connection c) throws SQLException {
    List<String> lines = new ArrayList<>();
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery(QUERY)) {
      while (rs.next()) {
        lines.add(rs.getString(1));
      }
    }
    return lines;
  }
}
