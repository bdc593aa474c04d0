package io.github.pgperf.internal.init;

import io.github.pgperf.init.PartitionMethod;
import java.util.ArrayList;
import java.util.List;

/**
 * The SQL pgbench runs on its four tables, with the names qualified by the target schema when one
 * is given. The statement texts follow pgbench 15's, so that what the server makes from them
 * (column types, reloptions, constraint and index names) is the same.
 */
final class Tables {

  static final String BRANCHES = "pgbench_branches";
  static final String TELLERS = "pgbench_tellers";
  static final String ACCOUNTS = "pgbench_accounts";
  static final String HISTORY = "pgbench_history";

  static final int BRANCHES_PER_SCALE = 1;
  static final int TELLERS_PER_SCALE = 10;
  static final int ACCOUNTS_PER_SCALE = 100_000;

  private final InitOptions options;
  private final String prefix;

  Tables(InitOptions options) {
    this.options = options;
    this.prefix = options.schema() == null ? "" : quoteIdentifier(options.schema()) + ".";
  }

  /** A table name as statements use it: schema-qualified when a schema is given. */
  String name(String table) {
    return prefix + table;
  }

  long branches() {
    return (long) BRANCHES_PER_SCALE * options.scale();
  }

  long tellers() {
    return (long) TELLERS_PER_SCALE * options.scale();
  }

  long accounts() {
    return (long) ACCOUNTS_PER_SCALE * options.scale();
  }

  /** Drops exactly pgbench's four tables (partitions go with their parent), never cascading. */
  String drop() {
    return "drop table if exists "
        + name(ACCOUNTS)
        + ", "
        + name(BRANCHES)
        + ", "
        + name(HISTORY)
        + ", "
        + name(TELLERS);
  }

  String truncate() {
    return "truncate table "
        + name(ACCOUNTS)
        + ", "
        + name(BRANCHES)
        + ", "
        + name(HISTORY)
        + ", "
        + name(TELLERS);
  }

  /** The create statements in pgbench's order: history, tellers, accounts, branches, partitions. */
  List<String> create() {
    boolean bigAid = options.scale() >= InitOptions.BIGINT_AID_SCALE;
    String aid = bigAid ? "aid bigint" : "aid    int";
    List<String> sql = new ArrayList<>();
    sql.add(
        createTable(
            HISTORY,
            "tid int,bid int," + aid + ",delta int,mtime timestamp,filler char(22)",
            false));
    sql.add(createTable(TELLERS, "tid int not null,bid int,tbalance int,filler char(84)", true));
    sql.add(createTable(ACCOUNTS, aid + " not null,bid int,abalance int,filler char(84)", true));
    sql.add(createTable(BRANCHES, "bid int not null,bbalance int,filler char(88)", true));
    for (int p = 1; p <= options.partitions(); p++) {
      sql.add(createPartition(p));
    }
    return sql;
  }

  private String createTable(String table, String columns, boolean fillfactor) {
    StringBuilder sql = new StringBuilder("create");
    if (options.unloggedTables()) {
      sql.append(" unlogged");
    }
    sql.append(" table ").append(name(table)).append('(').append(columns).append(')');
    if (table.equals(ACCOUNTS) && options.partitioned()) {
      sql.append(" partition by ").append(options.partitionMethod().sqlName()).append(" (aid)");
    } else if (fillfactor) {
      sql.append(" with (fillfactor=").append(options.fillfactor()).append(')');
    }
    if (options.tablespace() != null) {
      sql.append(" tablespace ").append(quoteIdentifier(options.tablespace()));
    }
    return sql.toString();
  }

  private String createPartition(int p) {
    int n = options.partitions();
    StringBuilder sql = new StringBuilder("create");
    if (options.unloggedTables()) {
      sql.append(" unlogged");
    }
    sql.append(" table ")
        .append(name(ACCOUNTS + "_" + p))
        .append("\n  partition of ")
        .append(name(ACCOUNTS))
        .append('\n');
    if (options.partitionMethod() == PartitionMethod.RANGE) {
      long partSize = (accounts() + n - 1) / n;
      sql.append("  for values from (")
          .append(p == 1 ? "minvalue" : Long.toString((p - 1) * partSize + 1))
          .append(") to (")
          .append(p < n ? Long.toString(p * partSize + 1) : "maxvalue")
          .append(')');
    } else {
      sql.append("  for values with (modulus ")
          .append(n)
          .append(", remainder ")
          .append(p - 1)
          .append(')');
    }
    sql.append(" with (fillfactor=").append(options.fillfactor()).append(')');
    return sql.toString();
  }

  /** Server-side generation ({@code G}), after the truncate. */
  List<String> serverSideInserts() {
    return List.of(
        "insert into "
            + name(BRANCHES)
            + "(bid,bbalance) select bid, 0 from generate_series(1, "
            + branches()
            + ") as bid",
        "insert into "
            + name(TELLERS)
            + "(tid,bid,tbalance) select tid, (tid - 1) / "
            + TELLERS_PER_SCALE
            + " + 1, 0 from generate_series(1, "
            + tellers()
            + ") as tid",
        "insert into "
            + name(ACCOUNTS)
            + "(aid,bid,abalance,filler) select aid, (aid - 1) / "
            + ACCOUNTS_PER_SCALE
            + " + 1, 0, '' from generate_series(1, "
            + accounts()
            + ") as aid");
  }

  /**
   * COPY into a table. FREEZE is only allowed on a plain table truncated or created in the same
   * transaction, so never on partitioned accounts.
   */
  String copy(String table, boolean freeze) {
    return "copy " + name(table) + " from stdin" + (freeze ? " with (freeze on)" : "");
  }

  List<String> vacuum() {
    return List.of(
        "vacuum analyze " + name(BRANCHES),
        "vacuum analyze " + name(TELLERS),
        "vacuum analyze " + name(ACCOUNTS),
        "vacuum analyze " + name(HISTORY));
  }

  List<String> primaryKeys() {
    String using =
        options.indexTablespace() == null
            ? ""
            : " using index tablespace " + quoteIdentifier(options.indexTablespace());
    return List.of(
        "alter table " + name(BRANCHES) + " add primary key (bid)" + using,
        "alter table " + name(TELLERS) + " add primary key (tid)" + using,
        "alter table " + name(ACCOUNTS) + " add primary key (aid)" + using);
  }

  List<String> foreignKeys() {
    return List.of(
        foreignKey(TELLERS, "bid", BRANCHES),
        foreignKey(ACCOUNTS, "bid", BRANCHES),
        foreignKey(HISTORY, "bid", BRANCHES),
        foreignKey(HISTORY, "tid", TELLERS),
        foreignKey(HISTORY, "aid", ACCOUNTS));
  }

  private String foreignKey(String table, String column, String referenced) {
    return "alter table "
        + name(table)
        + " add constraint "
        + table
        + "_"
        + column
        + "_fkey foreign key ("
        + column
        + ") references "
        + name(referenced);
  }

  /** Quotes an identifier the way PQescapeIdentifier does: always, doubling inner quotes. */
  static String quoteIdentifier(String identifier) {
    return '"' + identifier.replace("\"", "\"\"") + '"';
  }
}
