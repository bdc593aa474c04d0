import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.pgclient.PgConnectOptions;
import io.vertx.pgclient.PgConnection;
import io.vertx.sqlclient.PreparedQuery;
import io.vertx.sqlclient.PreparedStatement;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.RowSet;
import io.vertx.sqlclient.Tuple;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.HdrHistogram.Histogram;

/**
 * Prototype for issue 33, not part of pgperf: pgbench's three built-in shapes (`SELECT 1`,
 * select-only, tpcb-like) in `-M prepared`, one statement in flight per connection, run by the
 * Vert.x PostgreSQL client with CLIENTS connections on THREADS event loops: each loop owns its
 * connections (made on its context), and each connection's script advances in the callback of its
 * last statement, as pgbench's {@code threadRun} advances a client when its socket is ready. Each
 * client records every transaction's latency in its own HdrHistogram, as pgperf's clients do.
 *
 * <p>It speaks enough of pgbench's command line for bench/event-loop.sh's measuring: {@code -c -j
 * -T -P -s} and {@code --workload select-1|select-only|tpcb-like}, then the database; it prints
 * {@code progress:} lines on stderr and {@code tps =} and {@code number of transactions actually
 * processed:} on stdout. Compile it against the class path of a scratch pom that depends on {@code
 * io.vertx:vertx-pg-client} (the version from {@code io.vertx:vertx-stack-depchain}), {@code
 * io.netty:netty-transport-native-epoll:linux-x86_64} and HdrHistogram (bench/README.md).
 *
 * <p>Tuning, as issue 33 asks before judging: one event loop per -j thread, no worker pool in use,
 * Netty's native epoll transport (unless {@code -Dnative=false}), statements prepared once per
 * connection and executed through their {@link PreparedQuery}, one completion handler per statement
 * (no chains of futures).
 */
public class EventLoopBench {

  private static final String SELECT_ONLY = "SELECT abalance FROM pgbench_accounts WHERE aid = $1";
  private static final String[] TPCB = {
    "BEGIN",
    "UPDATE pgbench_accounts SET abalance = abalance + $1 WHERE aid = $2",
    "SELECT abalance FROM pgbench_accounts WHERE aid = $1",
    "UPDATE pgbench_tellers SET tbalance = tbalance + $1 WHERE tid = $2",
    "UPDATE pgbench_branches SET bbalance = bbalance + $1 WHERE bid = $2",
    "INSERT INTO pgbench_history (tid, bid, aid, delta, mtime) VALUES ($1, $2, $3, $4,"
        + " CURRENT_TIMESTAMP)",
    "END"
  };

  public static void main(String[] args) throws Exception {
    int clients = 1;
    int threads = 1;
    int seconds = 10;
    int progress = 0;
    int scale = 1;
    String workload = "select-only";
    String db = null;
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "-c" -> clients = Integer.parseInt(args[++i]);
        case "-j" -> threads = Integer.parseInt(args[++i]);
        case "-T" -> seconds = Integer.parseInt(args[++i]);
        case "-P" -> progress = Integer.parseInt(args[++i]);
        case "-s" -> scale = Integer.parseInt(args[++i]);
        case "--workload" -> workload = args[++i];
        default -> db = args[i];
      }
    }
    String[] sqls =
        switch (workload) {
          case "select-1" -> new String[] {"SELECT 1"};
          case "select-only" -> new String[] {SELECT_ONLY};
          case "tpcb-like" -> TPCB;
          default -> throw new IllegalArgumentException("unknown workload " + workload);
        };
    Vertx vertx =
        Vertx.vertx(
            new VertxOptions()
                .setEventLoopPoolSize(threads)
                .setWorkerPoolSize(1)
                .setInternalBlockingPoolSize(1)
                .setPreferNativeTransport(!"false".equals(System.getProperty("native"))));
    if (!vertx.isNativeTransportEnabled() && !"false".equals(System.getProperty("native"))) {
      System.err.println(
          "native transport unavailable: " + vertx.unavailableNativeTransportCause());
      System.exit(2);
    }
    PgConnectOptions options =
        new PgConnectOptions()
            .setHost(System.getenv().getOrDefault("PGHOST", "127.0.0.1"))
            .setPort(Integer.parseInt(System.getenv().getOrDefault("PGPORT", "5432")))
            .setUser(System.getenv().getOrDefault("PGUSER", "postgres"))
            .setDatabase(db)
            .setPipeliningLimit(1);
    List<Context> loops = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      loops.add(vertx.getOrCreateContext()); // a new event-loop context each, round-robin
    }
    Client[] all = new Client[clients];
    CountDownLatch ready = new CountDownLatch(clients);
    CountDownLatch done = new CountDownLatch(clients);
    AtomicLong endAt = new AtomicLong(Long.MAX_VALUE);
    for (int i = 0; i < clients; i++) {
      int client = i;
      Context loop = loops.get(i % threads); // pgbench's deal: client i on thread i mod j
      int accounts = 100_000 * scale;
      int scaleFactor = scale;
      String kind = workload;
      loop.runOnContext(
          v ->
              PgConnection.connect(vertx, options)
                  .compose(
                      connection -> {
                        List<Future<PreparedStatement>> prepared = new ArrayList<>();
                        for (String sql : sqls) {
                          prepared.add(connection.prepare(sql));
                        }
                        return Future.all(prepared)
                            .map(
                                statements -> {
                                  @SuppressWarnings("unchecked")
                                  PreparedQuery<RowSet<Row>>[] queries =
                                      new PreparedQuery[sqls.length];
                                  for (int k = 0; k < queries.length; k++) {
                                    queries[k] = prepared.get(k).result().query();
                                  }
                                  return new Client(
                                      queries, accounts, scaleFactor, endAt, done, client, kind);
                                });
                      })
                  .onComplete(
                      (c, failure) -> {
                        if (failure != null) {
                          System.err.println("client " + client + ": " + failure);
                          System.exit(2);
                        }
                        all[client] = c;
                        ready.countDown();
                      }));
    }
    if (!ready.await(60, TimeUnit.SECONDS)) {
      System.err.println("connections not ready");
      System.exit(2);
    }
    long start = System.nanoTime();
    endAt.set(start + seconds * 1_000_000_000L);
    for (int i = 0; i < clients; i++) {
      Client c = all[i];
      loops.get(i % threads).runOnContext(v -> c.begin());
    }
    if (progress > 0) {
      long last = start;
      long lastCount = 0;
      for (int s = progress; s <= seconds; s += progress) {
        long sleep = start + s * 1_000_000_000L - System.nanoTime();
        if (sleep > 0) {
          TimeUnit.NANOSECONDS.sleep(sleep);
        }
        long total = 0;
        for (Client c : all) {
          total += c.count; // a racy read: progress only
        }
        long now = System.nanoTime();
        System.err.printf(
            "progress: %.1f s, %.1f tps, lat 0.000 ms stddev 0.000, 0 failed%n",
            (now - start) / 1e9, (total - lastCount) / ((now - last) / 1e9));
        last = now;
        lastCount = total;
      }
    }
    done.await();
    long elapsed = System.nanoTime() - start;
    Histogram latencies = new Histogram(3);
    for (Client c : all) {
      latencies.add(c.latencies);
    }
    System.out.println("number of transactions actually processed: " + latencies.getTotalCount());
    System.out.printf("latency average = %.3f ms%n", latencies.getMean() / 1e3);
    System.out.printf(
        "tps = %.6f (without initial connection time)%n",
        latencies.getTotalCount() / (elapsed / 1e9));
    vertx.close().await();
  }

  /**
   * One client's script as a state machine: {@code step} is the next statement; the completion of
   * one statement sends the next, and the last ends the transaction and starts another.
   */
  private static final class Client {
    private final PreparedQuery<RowSet<Row>>[] queries;
    private final int accounts;
    private final int scale;
    private final AtomicLong endAt;
    private final CountDownLatch done;
    private final int id;
    private final String kind;
    private final SplittableRandom random;
    final Histogram latencies = new Histogram(3_600_000_000L, 3);
    volatile long count;
    private int step;
    private long begin;
    private int aid;
    private int bid;
    private int tid;
    private int delta;

    Client(
        PreparedQuery<RowSet<Row>>[] queries,
        int accounts,
        int scale,
        AtomicLong endAt,
        CountDownLatch done,
        int id,
        String kind) {
      this.queries = queries;
      this.kind = kind;
      this.accounts = accounts;
      this.scale = scale;
      this.endAt = endAt;
      this.done = done;
      this.id = id;
      this.random = new SplittableRandom(id);
    }

    void begin() {
      begin = System.nanoTime();
      if (begin >= endAt.get()) {
        done.countDown();
        return;
      }
      aid = 1 + random.nextInt(accounts);
      bid = 1 + random.nextInt(scale);
      tid = 1 + random.nextInt(10 * scale);
      delta = random.nextInt(-5000, 5001);
      step = 0;
      send();
    }

    private void send() {
      Future<RowSet<Row>> result =
          switch (kind) {
            case "select-1" -> queries[0].execute();
            case "select-only" -> queries[0].execute(Tuple.of(aid));
            default ->
                switch (step) {
                  case 1 -> queries[1].execute(Tuple.of(delta, aid));
                  case 2 -> queries[2].execute(Tuple.of(aid));
                  case 3 -> queries[3].execute(Tuple.of(delta, tid));
                  case 4 -> queries[4].execute(Tuple.of(delta, bid));
                  case 5 -> queries[5].execute(Tuple.of(tid, bid, aid, delta));
                  default -> queries[step].execute(); // BEGIN, END
                };
          };
      result.onComplete(this::completed);
    }

    private void completed(RowSet<Row> rows, Throwable failure) {
      if (failure != null) {
        System.err.println("client " + id + ": " + failure);
        System.exit(2);
      }
      if (++step < queries.length) {
        send();
        return;
      }
      latencies.recordValue((System.nanoTime() - begin) / 1000);
      count++;
      begin();
    }
  }
}
