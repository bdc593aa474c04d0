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
 *   try (var s = c.prepareStatement("update accounts set balance = balance - 1 where id = ?")) {
 *     s.setInt(1, 42);
 *     s.executeUpdate();
 *   }
 *   c.commit();
 * })
 * }</pre>
 *
 * <p>The body runs on the client's thread; it must leave the connection ready for the next
 * transaction (committed or rolled back). An {@link SQLException} counts as a failed transaction.
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
