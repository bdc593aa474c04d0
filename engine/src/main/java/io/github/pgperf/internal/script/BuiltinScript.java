package io.github.pgperf.internal.script;

import java.util.ArrayList;
import java.util.List;

/** pgbench's built-in scripts ({@code -b name}, {@code -N}, {@code -S}), word for word. */
public enum BuiltinScript {
  TPCB_LIKE(
      "tpcb-like",
      "<builtin: TPC-B (sort of)>",
      """
      \\set aid random(1, 100000 * :scale)
      \\set bid random(1, 1 * :scale)
      \\set tid random(1, 10 * :scale)
      \\set delta random(-5000, 5000)
      BEGIN;
      UPDATE pgbench_accounts SET abalance = abalance + :delta WHERE aid = :aid;
      SELECT abalance FROM pgbench_accounts WHERE aid = :aid;
      UPDATE pgbench_tellers SET tbalance = tbalance + :delta WHERE tid = :tid;
      UPDATE pgbench_branches SET bbalance = bbalance + :delta WHERE bid = :bid;
      INSERT INTO pgbench_history (tid, bid, aid, delta, mtime) \
      VALUES (:tid, :bid, :aid, :delta, CURRENT_TIMESTAMP);
      END;
      """),
  SIMPLE_UPDATE(
      "simple-update",
      "<builtin: simple update>",
      """
      \\set aid random(1, 100000 * :scale)
      \\set bid random(1, 1 * :scale)
      \\set tid random(1, 10 * :scale)
      \\set delta random(-5000, 5000)
      BEGIN;
      UPDATE pgbench_accounts SET abalance = abalance + :delta WHERE aid = :aid;
      SELECT abalance FROM pgbench_accounts WHERE aid = :aid;
      INSERT INTO pgbench_history (tid, bid, aid, delta, mtime) \
      VALUES (:tid, :bid, :aid, :delta, CURRENT_TIMESTAMP);
      END;
      """),
  SELECT_ONLY(
      "select-only",
      "<builtin: select only>",
      """
      \\set aid random(1, 100000 * :scale)
      SELECT abalance FROM pgbench_accounts WHERE aid = :aid;
      """);

  private final String builtinName;
  private final String description;
  private final String text;

  BuiltinScript(String builtinName, String description, String text) {
    this.builtinName = builtinName;
    this.description = description;
    this.text = text;
  }

  /** The name {@code -b} takes, such as {@code tpcb-like}. */
  public String builtinName() {
    return builtinName;
  }

  /** The script's name in reports, such as {@code <builtin: TPC-B (sort of)>}. */
  public String description() {
    return description;
  }

  /** The script's text. */
  public String text() {
    return text;
  }

  /** The parsed script, named by its description. */
  public Script script() {
    try {
      return Script.parse(description, text);
    } catch (ScriptException e) {
      throw new IllegalStateException("builtin script " + builtinName + " does not parse", e);
    }
  }

  /** What {@code --show-script=NAME} prints (on stderr): a header line and the script. */
  public String showScript() {
    return "-- " + builtinName + ": " + description + "\n" + text + "\n";
  }

  /**
   * The builtin whose name starts with {@code prefix}, as {@code -b} and {@code --show-script}
   * choose it.
   *
   * @throws ScriptException {@code no builtin script found for name "x"} or {@code ambiguous
   *     builtin name: 2 builtin scripts found for prefix "s"}, followed by the {@link #listing()}
   */
  public static BuiltinScript find(String prefix) throws ScriptException {
    List<BuiltinScript> found = new ArrayList<>();
    for (BuiltinScript b : values()) {
      if (b.builtinName.startsWith(prefix)) {
        found.add(b);
      }
    }
    if (found.size() == 1) {
      return found.get(0);
    }
    String message =
        found.isEmpty()
            ? "no builtin script found for name \"" + prefix + "\""
            : "ambiguous builtin name: "
                + found.size()
                + " builtin scripts found for prefix \""
                + prefix
                + "\"";
    return throwWithListing(message);
  }

  private static BuiltinScript throwWithListing(String message) throws ScriptException {
    String[] listing = listing().split("\n", -1);
    // The listing ends with an empty line; split leaves one more empty string after it.
    String[] more = new String[listing.length - 1];
    System.arraycopy(listing, 0, more, 0, more.length);
    throw ScriptException.plain(message, more);
  }

  /** What {@code -b list} prints (on stderr): the available builtins and an empty line. */
  public static String listing() {
    StringBuilder sb = new StringBuilder("Available builtin scripts:\n");
    for (BuiltinScript b : values()) {
      sb.append(String.format("  %13s: %s\n", b.builtinName, b.description));
    }
    return sb.append('\n').toString();
  }
}
