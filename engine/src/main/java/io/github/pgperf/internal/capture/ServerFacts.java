package io.github.pgperf.internal.capture;

import io.github.pgperf.work.Unavailable;
import io.github.pgperf.work.WorkPart;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What the server lets pgperf capture, found before the run on pgperf's own connection: its
 * version, whether {@code pg_stat_statements} is loaded and installed (installing it in pgperf's
 * own schema when allowed), whether the role may read other sessions' statistics, and the
 * background processes' PIDs.
 *
 * @param version {@code server_version_num}
 * @param database the run's database
 * @param user the run's role
 * @param readsAllStats whether the role has the privileges of {@code pg_read_all_stats}
 * @param statementsSchema where {@code pg_stat_statements} is, or {@code null} when it cannot be
 *     read
 * @param readsEvictions whether {@code pg_stat_statements_info} (PostgreSQL 14+, extension 1.9+)
 *     can be read there: how many times entries were evicted
 * @param statementsTrack {@code pg_stat_statements.track} as the run's role sees it in the run's
 *     database ({@code top}, {@code all}, {@code none}), or {@code null} when the library is not
 *     loaded: with {@code all} the statements functions and triggers run are counted too
 * @param background the WAL writer's, checkpointer's and background writer's PIDs by {@code
 *     backend_type}, as far as the role may see them
 * @param unavailable what cannot be captured and why
 */
record ServerFacts(
    int version,
    String database,
    String user,
    boolean readsAllStats,
    String statementsSchema,
    boolean readsEvictions,
    String statementsTrack,
    Map<String, Integer> background,
    List<Unavailable> unavailable) {

  static final String EXTENSION = "pg_stat_statements";

  private static final String MARK = OwnConnection.MARK;

  /** Finds out, and creates the extension when it is loaded, missing and allowed. */
  static ServerFacts probe(Connection c, CaptureSettings settings) throws SQLException {
    int version;
    String database;
    String user;
    String preload;
    String track;
    try (Statement s = c.createStatement();
        // pg_settings, not current_setting: a role without pg_read_all_settings may not see
        // shared_preload_libraries, and pg_settings then has no row for it rather than failing.
        ResultSet rs =
            s.executeQuery(
                MARK
                    + "select current_setting('server_version_num')::int,"
                    + " pg_catalog.current_database(), current_user,"
                    + " (select setting from pg_catalog.pg_settings"
                    + " where name = 'shared_preload_libraries'),"
                    + " current_setting('pg_stat_statements.track', true)")) {
      rs.next();
      version = rs.getInt(1);
      database = rs.getString(2);
      user = rs.getString(3);
      preload = rs.getString(4);
      track = rs.getString(5);
    }
    List<Unavailable> unavailable = new ArrayList<>();
    boolean readsAllStats = readsAllStats(c, version);
    String schema = statementsSchema(c, settings, version, database, preload, track, unavailable);
    if (schema != null) {
      String nested = whyNoNested(version, track);
      if (nested != null) {
        unavailable.add(new Unavailable(WorkPart.NESTED_STATEMENTS, nested));
      }
    }
    if (version < 140000) {
      unavailable.add(
          new Unavailable(
              WorkPart.WAL,
              "PostgreSQL " + major(version) + " has no pg_stat_wal (14 and later have it)"));
    }
    Map<String, Integer> background = new LinkedHashMap<>();
    try (PreparedStatement s =
        c.prepareStatement(
            MARK
                + "select backend_type, pid"
                + " from pg_catalog.pg_stat_activity where backend_type = any(?)")) {
      s.setArray(1, c.createArrayOf("text", ServerProcesses.BACKGROUND.toArray()));
      try (ResultSet rs = s.executeQuery()) {
        while (rs.next()) {
          if (rs.getString(1) != null) {
            background.put(rs.getString(1), rs.getInt(2));
          }
        }
      }
    }
    return new ServerFacts(
        version,
        database,
        user,
        readsAllStats,
        schema,
        schema != null && version >= 140000 && hasInfo(c, schema),
        track,
        background,
        unavailable);
  }

  /**
   * Why the statements functions and triggers run are not seen apart from the clients' ones, or
   * {@code null} when they are. pgperf does not change the setting of a server it did not start: it
   * says what would.
   */
  static String whyNoNested(int version, String track) {
    if (version < 140000) {
      return "PostgreSQL "
          + major(version)
          + "'s pg_stat_statements does not tell the statements"
          + " functions and triggers run from the clients' (no toplevel column; 14 and later have"
          + " it)"
          + ("all".equalsIgnoreCase(track)
              ? ": with pg_stat_statements.track = all they are counted as the clients' statements"
              : "");
    }
    if (!"all".equalsIgnoreCase(track)) {
      return "pg_stat_statements.track is "
          + track
          + ", so the statements functions and"
          + " triggers run are not counted: set pg_stat_statements.track = all in the server's"
          + " configuration (a reload, no restart) to count them";
    }
    return null;
  }

  /**
   * Whether the extension in {@code schema} has {@code pg_stat_statements_info} (1.9 and later).
   */
  private static boolean hasInfo(Connection c, String schema) throws SQLException {
    try (PreparedStatement s =
        c.prepareStatement(
            MARK
                + "select pg_catalog.has_table_privilege("
                + "pg_catalog.to_regclass(pg_catalog.quote_ident(?) || '.pg_stat_statements_info'),"
                + " 'select')")) {
      s.setString(1, schema);
      try (ResultSet rs = s.executeQuery()) {
        rs.next();
        return rs.getBoolean(1); // null (no such view) reads as false
      }
    }
  }

  private static boolean readsAllStats(Connection c, int version) throws SQLException {
    if (version < 100000) {
      return false;
    }
    try (Statement s = c.createStatement();
        ResultSet rs =
            s.executeQuery(MARK + "select pg_catalog.pg_has_role('pg_read_all_stats', 'USAGE')")) {
      rs.next();
      return rs.getBoolean(1);
    }
  }

  /** Where pg_stat_statements can be read, or {@code null} with the reason in unavailable. */
  private static String statementsSchema(
      Connection c,
      CaptureSettings settings,
      int version,
      String database,
      String preload,
      String track,
      List<Unavailable> unavailable)
      throws SQLException {
    if (version < 130000) {
      unavailable.add(
          new Unavailable(
              WorkPart.STATEMENTS,
              "PostgreSQL "
                  + major(version)
                  + "'s pg_stat_statements lacks the columns pgperf reads (13 and later have them)"));
      return null;
    }
    String schema = installedSchema(c);
    if (preload == null && schema == null && !settings.installExtensions()) {
      unavailable.add(
          new Unavailable(
              WorkPart.STATEMENTS,
              "pg_stat_statements is not installed"
                  + " in database \""
                  + database
                  + "\" (whether the server loads it, this role may not"
                  + " see): it needs shared_preload_libraries = 'pg_stat_statements' in the server's"
                  + " configuration, then CREATE EXTENSION pg_stat_statements there"));
      return null;
    }
    if (preload != null && !preloaded(preload)) {
      unavailable.add(
          new Unavailable(
              WorkPart.STATEMENTS,
              "pg_stat_statements is not loaded:"
                  + " set shared_preload_libraries = '"
                  + withStatements(preload)
                  + "' in the server's configuration and restart it"
                  + (schema == null
                      ? ", then CREATE EXTENSION pg_stat_statements in database \""
                          + database
                          + "\""
                      : "")));
      return null;
    }
    if (schema == null && settings.installExtensions()) {
      schema = install(c, unavailable);
      if (schema == null) {
        return null;
      }
    }
    if (schema == null) {
      unavailable.add(
          new Unavailable(
              WorkPart.STATEMENTS,
              "pg_stat_statements is loaded but"
                  + " not installed in database \""
                  + database
                  + "\": CREATE EXTENSION"
                  + " pg_stat_statements there (pgperf creates it itself only in a server it started, or"
                  + " with pgperf.installExtensions=true)"));
      return null;
    }
    if ("none".equalsIgnoreCase(track)) {
      unavailable.add(
          new Unavailable(
              WorkPart.STATEMENTS,
              "pg_stat_statements.track is none:" + " set pg_stat_statements.track = top"));
      return null;
    }
    try {
      new CounterQueries(version, schema, false).read(c, false);
    } catch (SQLException e) {
      unavailable.add(
          new Unavailable(
              WorkPart.STATEMENTS,
              "pg_stat_statements cannot be read: "
                  + firstLine(e.getMessage())
                  + ("42703".equals(e.getSQLState()) || "42883".equals(e.getSQLState())
                      ? " (ALTER EXTENSION pg_stat_statements UPDATE brings it to the server's version)"
                      : "55000".equals(e.getSQLState())
                          ? " (set shared_preload_libraries = 'pg_stat_statements' in the server's"
                              + " configuration and restart it)"
                          : "")));
      return null;
    }
    return schema;
  }

  /**
   * Creates the extension in pgperf's own schema; the schema's name, or {@code null} with the
   * reason. Another run creating it at the same time is no error.
   */
  private static String install(Connection c, List<Unavailable> unavailable) throws SQLException {
    String schema = CounterQueries.quote(CaptureSettings.EXTENSION_SCHEMA);
    try (Statement s = c.createStatement()) {
      s.execute(MARK + "create schema if not exists " + schema);
      // As in schema public: every role may read pg_stat_statements, which shows a role without
      // pg_read_all_stats the text of its own statements only.
      s.execute(MARK + "grant usage on schema " + schema + " to public");
      s.execute(MARK + "create extension if not exists pg_stat_statements with schema " + schema);
    } catch (SQLException e) {
      String now = installedSchema(c);
      if (now != null) {
        return now;
      }
      unavailable.add(
          new Unavailable(
              WorkPart.STATEMENTS,
              "pgperf could not create extension pg_stat_statements: "
                  + firstLine(e.getMessage())));
      return null;
    }
    return installedSchema(c);
  }

  private static String installedSchema(Connection c) throws SQLException {
    try (Statement s = c.createStatement();
        ResultSet rs =
            s.executeQuery(
                MARK
                    + "select n.nspname from pg_catalog.pg_extension e"
                    + " join pg_catalog.pg_namespace n on n.oid = e.extnamespace"
                    + " where e.extname = 'pg_stat_statements'")) {
      return rs.next() ? rs.getString(1) : null;
    }
  }

  /** Whether {@code shared_preload_libraries} names pg_stat_statements. */
  static boolean preloaded(String libraries) {
    return libraries != null && libraryNames(libraries).contains(EXTENSION);
  }

  /** {@code shared_preload_libraries} with pg_stat_statements added, as one would set it. */
  static String withStatements(String libraries) {
    List<String> names = new ArrayList<>(libraryNames(libraries == null ? "" : libraries));
    names.add(EXTENSION);
    return String.join(",", names);
  }

  private static List<String> libraryNames(String libraries) {
    List<String> names = new ArrayList<>();
    for (String part : libraries.split(",")) {
      String name = part.trim();
      if (name.length() >= 2 && name.startsWith("\"") && name.endsWith("\"")) {
        name = name.substring(1, name.length() - 1);
      }
      // A path or a file name with its suffix loads the same library.
      name = name.substring(name.lastIndexOf('/') + 1);
      if (name.toLowerCase(Locale.ROOT).endsWith(".so")) {
        name = name.substring(0, name.length() - 3);
      }
      if (!name.isEmpty()) {
        names.add(name);
      }
    }
    return names;
  }

  private static String major(int version) {
    return version >= 100000
        ? Integer.toString(version / 10000)
        : (version / 10000) + "." + (version / 100 % 100);
  }

  static String firstLine(String message) {
    if (message == null) {
      return "no message";
    }
    int nl = message.indexOf('\n');
    return nl < 0 ? message : message.substring(0, nl);
  }

  @Override
  public String toString() {
    return "ServerFacts["
        + version
        + ", "
        + database
        + ", "
        + user
        + ", "
        + readsAllStats
        + ", "
        + statementsSchema
        + ", "
        + readsEvictions
        + ", "
        + statementsTrack
        + ", "
        + background
        + ", "
        + Arrays.toString(unavailable.toArray())
        + "]";
  }
}
