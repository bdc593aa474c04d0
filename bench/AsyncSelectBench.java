import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.pgclient.PgConnectOptions;
import io.vertx.pgclient.PgConnection;
import io.vertx.sqlclient.PreparedQuery;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.RowSet;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Prototype, not part of pgperf: a closed loop of one prepared statement on CLIENTS connections
 * multiplexed by THREADS event-loop threads of the Vert.x PostgreSQL client, one query in flight
 * per connection (pgbench without pipelines). It prints pgbench's {@code progress:} lines and the
 * {@code tps =} / {@code number of transactions actually processed:} lines, so that {@code
 * bench/run-vs-pgbench.sh}'s measuring (client CPU from the process's rusage) applies.
 *
 * <p>Run from the worktree root (the Vert.x jars are not pgperf dependencies; see bench/README.md):
 *
 * <pre>
 * java -XX:+UseSerialGC -cp "$VERTX_CP" bench/AsyncSelectBench.java dbname seconds clients threads [sql]
 * </pre>
 */
public class AsyncSelectBench {

  public static void main(String[] args) throws Exception {
    String db = args[0];
    int seconds = Integer.parseInt(args[1]);
    int clients = Integer.parseInt(args[2]);
    int threads = Integer.parseInt(args[3]);
    String sql = args.length > 4 ? args[4] : "SELECT 1";
    Vertx vertx =
        Vertx.vertx(
            new VertxOptions()
                .setEventLoopPoolSize(threads)
                .setPreferNativeTransport(Boolean.getBoolean("native")));
    PgConnectOptions options =
        new PgConnectOptions()
            .setHost(System.getenv().getOrDefault("PGHOST", "127.0.0.1"))
            .setPort(Integer.parseInt(System.getenv().getOrDefault("PGPORT", "5432")))
            .setUser(System.getenv().getOrDefault("PGUSER", "postgres"))
            .setDatabase(db);
    long[] counts = new long[clients];
    long[] latencySums = new long[clients];
    CountDownLatch done = new CountDownLatch(clients);
    PgConnection[] connections = new PgConnection[clients];
    for (int i = 0; i < clients; i++) {
      connections[i] = PgConnection.connect(vertx, options).await(10, TimeUnit.SECONDS);
    }
    long start = System.nanoTime();
    long end = start + seconds * 1_000_000_000L;
    for (int i = 0; i < clients; i++) {
      int client = i;
      connections[i]
          .prepare(sql)
          .onSuccess(ps -> new Loop(ps.query(), client, counts, latencySums, end, done).next())
          .onFailure(
              e -> {
                System.err.println("prepare failed: " + e);
                System.exit(2);
              });
    }
    long last = start;
    long lastCount = 0;
    for (int s = 1; s <= seconds; s++) {
      long wake = start + s * 1_000_000_000L;
      long sleep = wake - System.nanoTime();
      if (sleep > 0) {
        TimeUnit.NANOSECONDS.sleep(sleep);
      }
      long total = 0;
      for (long c : counts) {
        total += c; // racy read: progress only
      }
      long now = System.nanoTime();
      System.err.printf(
          "progress: %.1f s, %.1f tps, lat 0.000 ms stddev 0.000, 0 failed%n",
          (now - start) / 1e9, (total - lastCount) / ((now - last) / 1e9));
      last = now;
      lastCount = total;
    }
    done.await();
    long elapsed = System.nanoTime() - start;
    long total = 0;
    long latency = 0;
    for (int i = 0; i < clients; i++) {
      total += counts[i];
      latency += latencySums[i];
    }
    System.out.println("number of transactions actually processed: " + total);
    System.out.printf("latency average = %.3f ms%n", latency / 1e6 / total);
    System.out.printf("tps = %.6f (without initial connection time)%n", total / (elapsed / 1e9));
    vertx.close().await();
  }

  /** One connection's closed loop: the next execution starts in the previous one's callback. */
  private static final class Loop {
    private final PreparedQuery<RowSet<Row>> query;
    private final int client;
    private final long[] counts;
    private final long[] latencySums;
    private final long end;
    private final CountDownLatch done;
    private long begin;

    Loop(
        PreparedQuery<RowSet<Row>> query,
        int client,
        long[] counts,
        long[] latencySums,
        long end,
        CountDownLatch done) {
      this.query = query;
      this.client = client;
      this.counts = counts;
      this.latencySums = latencySums;
      this.end = end;
      this.done = done;
    }

    void next() {
      begin = System.nanoTime();
      if (begin >= end) {
        done.countDown();
        return;
      }
      query.execute().onComplete(this::completed);
    }

    private void completed(RowSet<Row> rows, Throwable failure) {
      if (failure != null) {
        System.err.println("client " + client + ": " + failure);
        done.countDown();
        return;
      }
      counts[client]++;
      latencySums[client] += System.nanoTime() - begin;
      next();
    }
  }
}
