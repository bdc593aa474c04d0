package io.github.pgperf.example.ledger;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import javax.sql.DataSource;

/**
 * A ledger of accounts in cents: open an account, transfer between accounts, read a balance and a
 * statement. Every operation is one database transaction. The methods taking a {@link Connection}
 * run that transaction on the caller's connection (which must have autocommit on); the others take
 * a connection from the data source.
 */
public final class Ledger {

  private final DataSource dataSource;

  public Ledger(DataSource dataSource) {
    this.dataSource = dataSource;
  }

  /** Opens an account with a first deposit (in cents, at least 0) and returns its id. */
  public long openAccount(String owner, long depositCents) throws SQLException {
    try (Connection c = dataSource.getConnection()) {
      return openAccount(c, owner, depositCents);
    }
  }

  /** {@link #openAccount(String, long)} on the caller's connection. */
  public long openAccount(Connection c, String owner, long depositCents) throws SQLException {
    if (depositCents < 0) {
      throw new IllegalArgumentException("a deposit cannot be negative: " + depositCents);
    }
    return inTransaction(
        c,
        () -> {
          long id;
          try (PreparedStatement p =
              c.prepareStatement(
                  "INSERT INTO account (owner, balance) VALUES (?, ?) RETURNING id")) {
            p.setString(1, owner);
            p.setLong(2, depositCents);
            id = single(p);
          }
          if (depositCents > 0) {
            addEntry(c, id, nextTransferId(c), depositCents, depositCents, "opening deposit");
          }
          return id;
        });
  }

  /**
   * Moves {@code amountCents} from one account to another.
   *
   * @throws LedgerException when an account does not exist or {@code from} has too little money
   */
  public void transfer(long from, long to, long amountCents, String memo) throws SQLException {
    try (Connection c = dataSource.getConnection()) {
      transfer(c, from, to, amountCents, memo);
    }
  }

  /** {@link #transfer(long, long, long, String)} on the caller's connection. */
  public void transfer(Connection c, long from, long to, long amountCents, String memo)
      throws SQLException {
    if (from == to) {
      throw new IllegalArgumentException("cannot transfer from account " + from + " to itself");
    }
    if (amountCents <= 0) {
      throw new IllegalArgumentException(
          "a transfer must move at least 1 cent, not " + amountCents);
    }
    inTransaction(
        c,
        () -> {
          // Both rows are locked in id order, so two opposite transfers cannot deadlock.
          long fromBalance = -1;
          long toBalance = -1;
          try (PreparedStatement p =
              c.prepareStatement(
                  "SELECT id, balance FROM account WHERE id IN (?, ?) ORDER BY id FOR UPDATE")) {
            p.setLong(1, from);
            p.setLong(2, to);
            try (ResultSet r = p.executeQuery()) {
              while (r.next()) {
                if (r.getLong(1) == from) {
                  fromBalance = r.getLong(2);
                } else {
                  toBalance = r.getLong(2);
                }
              }
            }
          }
          if (fromBalance < 0 || toBalance < 0) {
            throw new LedgerException("no account " + (fromBalance < 0 ? from : to));
          }
          if (fromBalance < amountCents) {
            throw new LedgerException(
                "account "
                    + from
                    + " has "
                    + fromBalance
                    + " cents, less than the "
                    + amountCents
                    + " to transfer");
          }
          long transferId = nextTransferId(c);
          setBalance(c, from, fromBalance - amountCents);
          setBalance(c, to, toBalance + amountCents);
          addEntry(c, from, transferId, -amountCents, fromBalance - amountCents, memo);
          addEntry(c, to, transferId, amountCents, toBalance + amountCents, memo);
          return null;
        });
  }

  /** The account's balance in cents. */
  public long balance(long account) throws SQLException {
    try (Connection c = dataSource.getConnection();
        PreparedStatement p = c.prepareStatement("SELECT balance FROM account WHERE id = ?")) {
      p.setLong(1, account);
      try (ResultSet r = p.executeQuery()) {
        if (!r.next()) {
          throw new LedgerException("no account " + account);
        }
        return r.getLong(1);
      }
    }
  }

  /** The account's latest {@code limit} entries, newest first. */
  public List<StatementLine> statement(long account, int limit) throws SQLException {
    try (Connection c = dataSource.getConnection()) {
      return statement(c, account, limit);
    }
  }

  /** {@link #statement(long, int)} on the caller's connection. */
  public List<StatementLine> statement(Connection c, long account, int limit) throws SQLException {
    // The ledger's hottest query; src/test/resources/queries/statement.sql measures the same SQL.
    try (PreparedStatement p =
        c.prepareStatement(
            "SELECT id, transfer_id, amount, balance_after, memo, posted_at FROM entry"
                + " WHERE account_id = ? ORDER BY id DESC LIMIT ?")) {
      p.setLong(1, account);
      p.setInt(2, limit);
      List<StatementLine> lines = new ArrayList<>();
      try (ResultSet r = p.executeQuery()) {
        while (r.next()) {
          lines.add(
              new StatementLine(
                  r.getLong(1),
                  r.getLong(2),
                  r.getLong(3),
                  r.getLong(4),
                  r.getString(5),
                  r.getObject(6, OffsetDateTime.class)));
        }
      }
      return lines;
    }
  }

  private static long nextTransferId(Connection c) throws SQLException {
    try (PreparedStatement p = c.prepareStatement("SELECT nextval('transfer_id_seq')")) {
      return single(p);
    }
  }

  private static void setBalance(Connection c, long account, long balance) throws SQLException {
    try (PreparedStatement p = c.prepareStatement("UPDATE account SET balance = ? WHERE id = ?")) {
      p.setLong(1, balance);
      p.setLong(2, account);
      p.executeUpdate();
    }
  }

  private static void addEntry(
      Connection c, long account, long transferId, long amount, long balanceAfter, String memo)
      throws SQLException {
    try (PreparedStatement p =
        c.prepareStatement(
            "INSERT INTO entry"
                + " (account_id, transfer_id, amount, balance_after, memo) VALUES (?, ?, ?, ?, ?)")) {
      p.setLong(1, account);
      p.setLong(2, transferId);
      p.setLong(3, amount);
      p.setLong(4, balanceAfter);
      p.setString(5, memo == null ? "" : memo);
      p.executeUpdate();
    }
  }

  private static long single(PreparedStatement p) throws SQLException {
    try (ResultSet r = p.executeQuery()) {
      r.next();
      return r.getLong(1);
    }
  }

  /** Work done inside one transaction on a connection that the caller left in autocommit. */
  @FunctionalInterface
  private interface Work<T> {
    T run() throws SQLException;
  }

  private static <T> T inTransaction(Connection c, Work<T> work) throws SQLException {
    c.setAutoCommit(false);
    try {
      T result = work.run();
      c.commit();
      return result;
    } catch (SQLException | RuntimeException e) {
      c.rollback();
      throw e;
    } finally {
      c.setAutoCommit(true);
    }
  }
}
