package io.github.pgperf.internal.init;

import java.sql.Connection;
import java.sql.SQLException;
import org.postgresql.PGConnection;
import org.postgresql.copy.CopyIn;

/**
 * Streams pgbench's rows into COPY in text format. Rows are written straight into one reused byte
 * buffer, so generating millions of accounts allocates nothing per row.
 */
final class CopyRows {

  private static final int BUFFER_SIZE = 1 << 16;

  /** Longest row: two 19-digit numbers, the rest, with room to spare. */
  private static final int MAX_ROW = 64;

  private final byte[] buffer = new byte[BUFFER_SIZE];
  private int length;
  private CopyIn copy;

  /** {@code bid 0 NULL} for bid = 1..count. */
  void branches(Connection connection, String sql, long count) throws SQLException {
    start(connection, sql);
    for (long bid = 1; bid <= count; bid++) {
      room();
      number(bid);
      tail(TAIL_ZERO_NULL);
    }
    finish();
  }

  /** {@code tid bid 0 NULL} for tid = 1..count, ten tellers per branch. */
  void tellers(Connection connection, String sql, long count) throws SQLException {
    start(connection, sql);
    for (long tid = 1; tid <= count; tid++) {
      room();
      number(tid);
      buffer[length++] = '\t';
      number((tid - 1) / Tables.TELLERS_PER_SCALE + 1);
      tail(TAIL_ZERO_NULL);
    }
    finish();
  }

  /**
   * {@code aid bid 0 ''} for aid = first..last, 100000 accounts per branch; reports every {@link
   * InitProgress#REPORT_EVERY} rows to the progress.
   */
  void accounts(Connection connection, String sql, long first, long last, InitProgress progress)
      throws SQLException {
    start(connection, sql);
    for (long aid = first; aid <= last; aid++) {
      room();
      number(aid);
      buffer[length++] = '\t';
      number((aid - 1) / Tables.ACCOUNTS_PER_SCALE + 1);
      tail(TAIL_ZERO_EMPTY);
      if (aid % InitProgress.REPORT_EVERY == 0) {
        progress.rowsDone(aid);
      }
    }
    finish();
  }

  // The filler is NULL in branches and tellers, '' (blank-padded) in accounts, as in pgbench.
  private static final byte[] TAIL_ZERO_NULL = {'\t', '0', '\t', '\\', 'N', '\n'};
  private static final byte[] TAIL_ZERO_EMPTY = {'\t', '0', '\t', '\n'};

  private void start(Connection connection, String sql) throws SQLException {
    copy = connection.unwrap(PGConnection.class).getCopyAPI().copyIn(sql);
    length = 0;
  }

  private void room() throws SQLException {
    if (length > BUFFER_SIZE - MAX_ROW) {
      copy.writeToCopy(buffer, 0, length);
      length = 0;
    }
  }

  private void tail(byte[] tail) {
    System.arraycopy(tail, 0, buffer, length, tail.length);
    length += tail.length;
  }

  /** Writes a non-negative number in decimal. */
  private void number(long value) {
    int digits = 1;
    for (long v = value; v >= 10; v /= 10) {
      digits++;
    }
    int end = length + digits;
    for (int i = end - 1; i >= length; i--) {
      buffer[i] = (byte) ('0' + value % 10);
      value /= 10;
    }
    length = end;
  }

  private void finish() throws SQLException {
    try {
      if (length > 0) {
        copy.writeToCopy(buffer, 0, length);
      }
      copy.endCopy();
    } finally {
      if (copy.isActive()) {
        copy.cancelCopy();
      }
      copy = null;
    }
  }
}
