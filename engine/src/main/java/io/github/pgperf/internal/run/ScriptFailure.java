package io.github.pgperf.internal.run;

import java.util.ArrayList;
import java.util.List;

/**
 * A failure that aborts the client (not an SQL error): a meta-command that cannot be evaluated or
 * executed, or a {@code \gset} result of the wrong shape. Knows pgbench's error lines for it.
 */
final class ScriptFailure extends Exception {

  private static final long serialVersionUID = 1L;

  /** The error lines, given the client, script and command numbers. */
  @FunctionalInterface
  interface Lines {
    List<String> of(int client, int script, int command);
  }

  private final transient Lines lines;

  private ScriptFailure(Lines lines) {
    super(null, null, false, false);
    this.lines = lines;
  }

  List<String> lines(int client, int script, int command) {
    return lines.of(client, script, command);
  }

  static ScriptFailure gset(int query, int rows) {
    return new ScriptFailure(
        (c, s, k) ->
            List.of(
                "client "
                    + c
                    + " script "
                    + s
                    + " command "
                    + k
                    + " query "
                    + query
                    + ": expected one row, got "
                    + rows));
  }

  static ScriptFailure storing(int query, String variable) {
    return new ScriptFailure(
        (c, s, k) ->
            List.of(
                "client "
                    + c
                    + " script "
                    + s
                    + " command "
                    + k
                    + " query "
                    + query
                    + ": error storing into variable "
                    + variable));
  }

  /**
   * A meta-command that failed: {@code message} (if not empty), then {@code client N aborted in
   * command C (name) of script S; what}.
   */
  static ScriptFailure meta(String message, String name, String what) {
    return new ScriptFailure(
        (c, s, k) -> {
          List<String> out = new ArrayList<>();
          if (message != null && !message.isEmpty()) {
            out.add(message);
          }
          out.add(
              "client "
                  + c
                  + " aborted in command "
                  + k
                  + " ("
                  + name
                  + ") of script "
                  + s
                  + "; "
                  + what);
          return out;
        });
  }
}
