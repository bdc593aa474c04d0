package io.github.pgperf.internal.script;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Objects;

/**
 * Application code measured as one transaction, as the runner holds it: the body gets the client's
 * JDBC connection and runs one transaction on it (the contract users read is the public {@code
 * junit.TransactionBody}'s). An {@link SQLException} counts as a failed transaction.
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
