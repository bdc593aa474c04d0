package io.github.pgperf.internal.init;

/**
 * The small table {@value #TABLE} next to pgbench's tables that says what a completed
 * initialization made (format version, scale, options). It holds a row only while the last
 * initialization of the schema completed: every run empties it first and writes it last.
 */
final class InitMetadata {

  static final String TABLE = "pgperf_init";

  /** Bump when pgperf changes what an initialization with the same options makes. */
  static final int FORMAT_VERSION = 1;

  private final Tables tables;

  InitMetadata(Tables tables) {
    this.tables = tables;
  }

  /** Forgets any earlier initialization, before a run changes the tables. */
  void clear(Session session) throws InitException {
    if (exists(session)) {
      session.execute("delete from " + tables.name(TABLE));
    }
  }

  /** Records a completed initialization. */
  void record(Session session, InitOptions options) throws InitException {
    if (exists(session)) {
      session.execute("delete from " + tables.name(TABLE));
    } else {
      session.execute(
          "create table "
              + tables.name(TABLE)
              + "(format_version int not null, scale int not null, options text not null,"
              + " made_at timestamptz not null default now())");
    }
    session.execute(
        "insert into "
            + tables.name(TABLE)
            + "(format_version, scale, options) values ("
            + FORMAT_VERSION
            + ", "
            + options.scale()
            + ", "
            + literal(options.description())
            + ")");
  }

  /** Whether the recorded initialization is exactly the one these options describe. */
  boolean matches(Session session, InitOptions options) throws InitException {
    if (!exists(session)) {
      return false;
    }
    long rows =
        session.queryLong(
            "select count(*) from "
                + tables.name(TABLE)
                + " where format_version = "
                + FORMAT_VERSION
                + " and scale = "
                + options.scale()
                + " and options = "
                + literal(options.description()));
    long all = session.queryLong("select count(*) from " + tables.name(TABLE));
    return rows == 1 && all == 1;
  }

  private boolean exists(Session session) throws InitException {
    return session.queryText("select to_regclass(" + literal(tables.name(TABLE)) + ")") != null;
  }

  static String literal(String text) {
    return "'" + text.replace("'", "''") + "'";
  }
}
