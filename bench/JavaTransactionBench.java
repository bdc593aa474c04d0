import io.github.pgperf.internal.capture.CaptureSettings;
import io.github.pgperf.internal.run.RunOptions;
import io.github.pgperf.internal.run.Runner;
import io.github.pgperf.internal.run.VacuumMode;
import io.github.pgperf.internal.script.JavaTransaction;
import io.github.pgperf.internal.script.Script;
import io.github.pgperf.internal.script.WorkloadBuilder;
import io.github.pgperf.result.QueryMode;
import io.github.pgperf.result.RunResult;
import java.io.OutputStream;
import java.io.PrintStream;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.LongAdder;
import org.postgresql.PGStatement;

/**
 * One run of the JUnit path's runner in a JVM of its own, as a test JVM runs it: the runner {@code
 * LoadRunner} calls, with either pgbench's script {@code SELECT 1;} ({@code -M prepared}) or a Java
 * transaction doing the same through JDBC the way application code does (a {@code
 * PreparedStatement} made, executed and closed per transaction; pgjdbc's statement cache keeps it
 * prepared on the server). {@code plain} runs no pgperf code at all: a bare pgjdbc loop (a platform
 * thread per connection, one named statement executed over and over), what pgjdbc and the JVM alone
 * cost, the ceiling for both paths. Prints {@code tps processed}; the caller measures the JVM's
 * CPU. {@code bench/java-transaction.sh} alternates this with pgbench under several JVM options.
 *
 * <pre>
 * java [jvm options] -cp cli/target/pgperf.jar bench/JavaTransactionBench.java \
 *     jdbc-url seconds clients threads script|java|plain
 * </pre>
 */
public class JavaTransactionBench {

  public static void main(String[] args) throws Exception {
    String url = args[0];
    int seconds = Integer.parseInt(args[1]);
    int clients = Integer.parseInt(args[2]);
    int threads = Integer.parseInt(args[3]);
    if (args[4].equals("plain")) {
      plain(url, seconds, clients);
      return;
    }
    WorkloadBuilder workload = new WorkloadBuilder();
    switch (args[4]) {
      case "script" -> workload.add(Script.parse("select1", "SELECT 1;\n"), 1);
      case "java" -> workload.add(new JavaTransaction("select1", JavaTransactionBench::select1), 1);
      default -> throw new IllegalArgumentException("script, java or plain, not " + args[4]);
    }
    RunOptions options =
        RunOptions.builder()
            .clients(clients)
            .threads(threads)
            .durationSeconds(seconds)
            .queryMode(QueryMode.PREPARED)
            .vacuum(VacuumMode.NONE)
            .build();
    PrintStream quiet = new PrintStream(OutputStream.nullOutputStream());
    RunResult r =
        new Runner(() -> DriverManager.getConnection(url), quiet, CaptureSettings.OFF)
            .run(workload.build(QueryMode.PREPARED), options);
    System.out.printf(Locale.ROOT, "%.1f %d%n", r.tps(), r.totalCounts().processed());
  }

  private static void select1(Connection c) throws java.sql.SQLException {
    try (PreparedStatement s = c.prepareStatement("SELECT 1");
        ResultSet rs = s.executeQuery()) {
      rs.next();
    }
  }

  /**
   * {@code SELECT 1} in a closed loop on {@code clients} connections, counted from the moment every
   * connection is open to {@code seconds} later, as pgbench counts a run.
   */
  private static void plain(String url, int seconds, int clients) throws Exception {
    LongAdder done = new LongAdder();
    CountDownLatch connected = new CountDownLatch(clients);
    CountDownLatch go = new CountDownLatch(1);
    long[] stop = new long[1];
    Thread[] threads = new Thread[clients];
    for (int i = 0; i < clients; i++) {
      threads[i] =
          new Thread(
              () -> {
                try (Connection c = DriverManager.getConnection(url);
                    PreparedStatement s = c.prepareStatement("SELECT 1")) {
                  s.unwrap(PGStatement.class).setPrepareThreshold(1);
                  connected.countDown();
                  go.await(); // orders the read of stop[0] after main's write
                  long until = stop[0];
                  long n = 0;
                  while (System.nanoTime() < until) {
                    try (ResultSet rs = s.executeQuery()) {
                      rs.next();
                    }
                    n++;
                  }
                  done.add(n);
                } catch (Exception e) {
                  throw new IllegalStateException(e);
                }
              });
      threads[i].start();
    }
    connected.await();
    long begin = System.nanoTime();
    stop[0] = begin + seconds * 1_000_000_000L;
    go.countDown();
    for (Thread t : threads) {
      t.join();
    }
    double elapsed = (System.nanoTime() - begin) / 1e9;
    System.out.printf(Locale.ROOT, "%.1f %d%n", done.sum() / elapsed, done.sum());
  }
}
