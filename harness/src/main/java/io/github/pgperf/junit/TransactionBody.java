package io.github.pgperf.junit;

import static org.apiguardian.api.API.Status.STABLE;

import java.sql.Connection;
import java.sql.SQLException;
import org.apiguardian.api.API;

/**
 * Application code measured as one transaction ({@link LoadRunner#transaction(String,
 * TransactionBody)}): it gets the client's JDBC connection and runs one transaction on it, for
 * example
 *
 * <pre>{@code
 * runner.transaction("transfer", c -> {
 *   c.setAutoCommit(false);
 *   try (var s = c.prepareStatement("update accounts set balance = balance - 1 where id = ?")) {
 *     s.setInt(1, 42);
 *     s.executeUpdate();
 *   }
 *   c.commit();
 * });
 * }</pre>
 *
 * <p>The body runs on the client's thread and gets the connection with autocommit on; it manages
 * its transaction and must leave it committed or rolled back (the runner turns autocommit back on
 * afterwards, and rolls back what a failed body left open). An {@link SQLException} counts as a
 * failed transaction: serialization failures and deadlocks are retried up to the maximum number of
 * tries, other errors fail the transaction, and a lost connection aborts the client.
 */
@API(status = STABLE, since = "0.1.0")
@FunctionalInterface
public interface TransactionBody {

  /** Runs one transaction on {@code connection}. */
  void execute(Connection connection) throws SQLException;
}
