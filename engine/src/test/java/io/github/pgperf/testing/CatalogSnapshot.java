package io.github.pgperf.testing;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * What pgbench's initialization made in one schema, as comparable text lines: relations (kind,
 * persistence, reloptions, tablespace, partition key and bounds), columns, constraints, indexes,
 * inheritance, and per table a row count and a checksum over every row's text. OIDs and other
 * server-assigned values are left out, so two databases made the same way give equal snapshots.
 */
public final class CatalogSnapshot {

  private static final String RELATIONS =
      """
      select c.relname, c.relkind, c.relpersistence, coalesce(c.reloptions::text, ''),
             coalesce(t.spcname, ''), coalesce(pg_get_expr(c.relpartbound, c.oid), ''),
             case when c.relkind = 'p' then pg_get_partkeydef(c.oid) else '' end,
             c.relispartition
        from pg_class c
        join pg_namespace n on n.oid = c.relnamespace
        left join pg_tablespace t on t.oid = c.reltablespace
       where n.nspname = ? and c.relname like 'pgbench%'
       order by c.relname""";

  private static final String COLUMNS =
      """
      select c.relname, a.attnum, a.attname, format_type(a.atttypid, a.atttypmod),
             a.attnotnull, coalesce(pg_get_expr(d.adbin, d.adrelid), ''), a.attstorage
        from pg_attribute a
        join pg_class c on c.oid = a.attrelid
        join pg_namespace n on n.oid = c.relnamespace
        left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
       where n.nspname = ? and c.relname like 'pgbench%' and a.attnum > 0
         and not a.attisdropped
       order by c.relname, a.attnum""";

  private static final String CONSTRAINTS =
      """
      select c.relname, k.conname, k.contype, pg_get_constraintdef(k.oid), k.convalidated,
             k.condeferrable, coalesce(p.conname, '')
        from pg_constraint k
        join pg_class c on c.oid = k.conrelid
        join pg_namespace n on n.oid = c.relnamespace
        left join pg_constraint p on p.oid = k.conparentid
       where n.nspname = ? and c.relname like 'pgbench%'
       order by c.relname, k.conname""";

  private static final String INDEXES =
      """
      select i.relname, c.relname, x.indisprimary, x.indisunique, x.indisvalid,
             regexp_replace(pg_get_indexdef(x.indexrelid), '^.* USING ', ''),
             coalesce(t.spcname, '')
        from pg_index x
        join pg_class i on i.oid = x.indexrelid
        join pg_class c on c.oid = x.indrelid
        join pg_namespace n on n.oid = c.relnamespace
        left join pg_tablespace t on t.oid = i.reltablespace
       where n.nspname = ? and c.relname like 'pgbench%'
       order by i.relname""";

  private static final String INHERITANCE =
      """
      select c.relname, p.relname, h.inhseqno
        from pg_inherits h
        join pg_class c on c.oid = h.inhrelid
        join pg_class p on p.oid = h.inhparent
        join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = ? and c.relname like 'pgbench%'
       order by c.relname, p.relname""";

  private static final List<String> TABLES =
      List.of("pgbench_accounts", "pgbench_branches", "pgbench_history", "pgbench_tellers");

  private CatalogSnapshot() {}

  /** The snapshot of a schema, one line per catalog row or table checksum. */
  public static List<String> of(Connection connection, String schema) throws SQLException {
    List<String> lines = new ArrayList<>();
    for (String query : List.of(RELATIONS, COLUMNS, CONSTRAINTS, INDEXES, INHERITANCE)) {
      lines.add("--");
      try (PreparedStatement s = connection.prepareStatement(query)) {
        s.setString(1, schema);
        try (ResultSet rs = s.executeQuery()) {
          addRows(rs, lines);
        }
      }
    }
    lines.add("-- data");
    for (String table : TABLES) {
      String sql =
          "select count(*), coalesce(sum(hashtext(t::text)::bigint), 0) from "
              + '"'
              + schema
              + "\"."
              + table
              + " t";
      try (Statement s = connection.createStatement();
          ResultSet rs = s.executeQuery(sql)) {
        rs.next();
        lines.add(table + " rows=" + rs.getLong(1) + " checksum=" + rs.getLong(2));
      } catch (SQLException e) {
        lines.add(table + " " + e.getSQLState());
      }
    }
    return lines;
  }

  private static void addRows(ResultSet rs, List<String> lines) throws SQLException {
    ResultSetMetaData meta = rs.getMetaData();
    while (rs.next()) {
      StringBuilder line = new StringBuilder();
      for (int i = 1; i <= meta.getColumnCount(); i++) {
        line.append(i > 1 ? " | " : "").append(rs.getString(i));
      }
      lines.add(line.toString());
    }
  }
}
