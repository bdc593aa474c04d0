package io.github.pgperf.script;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Objects;

/**
 * Application code measured as one transaction: the body gets the client's JDBC connection and
 * runs one transaction on it, for example
 *
 * <pre>{@code
 * new JavaTransaction("transfer", c -> {
 *   c.setAutoCommit(false);
 *   try (var s = c.prepareStatement("update accounts set balance = balance - 1 where id = ?")) {
 *     s.setInt(1, 42);
 *     s.executeUpdate();
 *   }
 *   c.commit();
 * })
 * }</pre>
 *
 * <p>The body runs on the client's thread and gets the connection with autocommit on; it manages
 * its transaction and must leave it committed or rolled back (the runner turns autocommit back on
 * afterwards, and rolls back what a failed body left open). An {@link SQLException} counts as a
 * failed transaction: serialization failures and deadlocks are retried up to the maximum number of
 * tries, other errors fail the transaction, and a lost connection aborts the client.
 *
 * @param name the name in reports
 * @param body the transaction
 */
public record JavaTransaction(String name, Body body) implements WorkloadItem {

  public JavaTransaction {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(body, "body");
  }

  /** The code of one transaction. */
  @FunctionalInterface
  public interface Body {
    void execute(Connection connection) throws SQLException;
  }
}
