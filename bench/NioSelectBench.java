import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.util.Iterator;
import java.util.concurrent.TimeUnit;

/**
 * Prototype, not part of pgperf: the floor of a multiplexed client in Java. CLIENTS connections
 * speak the PostgreSQL protocol directly (trust authentication only), THREADS threads each serve
 * their share of them with one {@link Selector}, as pgbench's threads do with select(); every
 * connection runs a closed loop of one named prepared statement (Bind, Execute, Sync; one query in
 * flight). Prints pgbench's {@code progress:}, {@code tps =} and transaction-count lines so that
 * the CPU measuring of {@code bench/run-vs-pgbench.sh} applies.
 *
 * <pre>
 * javac -d /tmp/nio bench/NioSelectBench.java
 * java -XX:+UseSerialGC -cp /tmp/nio NioSelectBench dbname seconds clients threads [sql]
 * </pre>
 *
 * <p>THREADS 0 runs one thread per connection with blocking reads instead, for comparison.
 */
public class NioSelectBench {

  public static void main(String[] args) throws Exception {
    String db = args[0];
    int seconds = Integer.parseInt(args[1]);
    int clients = Integer.parseInt(args[2]);
    int threads = Integer.parseInt(args[3]);
    String sql = args.length > 4 ? args[4] : "SELECT 1";
    String host = System.getenv().getOrDefault("PGHOST", "127.0.0.1");
    int port = Integer.parseInt(System.getenv().getOrDefault("PGPORT", "5432"));
    String user = System.getenv().getOrDefault("PGUSER", "postgres");
    Conn[] conns = new Conn[clients];
    for (int i = 0; i < clients; i++) {
      conns[i] = Conn.open(host, port, user, db, sql);
    }
    long start = System.nanoTime();
    long end = start + seconds * 1_000_000_000L;
    Thread[] workers;
    if (threads == 0) {
      // For comparison: one thread per connection, blocking reads, as pgperf's runner today.
      workers = new Thread[clients];
      for (int i = 0; i < clients; i++) {
        Conn c = conns[i];
        workers[i] = new Thread(() -> c.blockingLoop(end));
      }
    } else {
      workers = new Thread[threads];
      Worker[] selectors = new Worker[threads];
      for (int t = 0; t < threads; t++) {
        selectors[t] = new Worker(end);
        workers[t] = selectors[t].thread;
      }
      for (int i = 0; i < clients; i++) {
        selectors[i % threads].add(conns[i]);
      }
    }
    for (Thread w : workers) {
      w.start();
    }
    long last = start;
    long lastCount = 0;
    for (int s = 1; s <= seconds; s++) {
      long sleep = start + s * 1_000_000_000L - System.nanoTime();
      if (sleep > 0) {
        TimeUnit.NANOSECONDS.sleep(sleep);
      }
      long total = 0;
      for (Conn c : conns) {
        total += c.count; // racy read: progress only
      }
      long now = System.nanoTime();
      System.err.printf(
          "progress: %.1f s, %.1f tps, lat 0.000 ms stddev 0.000, 0 failed%n",
          (now - start) / 1e9, (total - lastCount) / ((now - last) / 1e9));
      last = now;
      lastCount = total;
    }
    for (Thread w : workers) {
      w.join();
    }
    long elapsed = System.nanoTime() - start;
    long total = 0;
    long latency = 0;
    for (Conn c : conns) {
      total += c.count;
      latency += c.latencySum;
    }
    System.out.println("number of transactions actually processed: " + total);
    System.out.printf("latency average = %.3f ms%n", latency / 1e6 / total);
    System.out.printf("tps = %.6f (without initial connection time)%n", total / (elapsed / 1e9));
  }

  /** One thread multiplexing its connections. */
  static final class Worker implements Runnable {
    final Thread thread = new Thread(this);
    final Selector selector;
    final long end;
    int open;

    Worker(long end) throws IOException {
      this.selector = Selector.open();
      this.end = end;
    }

    void add(Conn c) throws IOException {
      c.channel.configureBlocking(false);
      c.channel.register(selector, SelectionKey.OP_READ, c);
      open++;
    }

    @Override
    public void run() {
      try {
        for (SelectionKey key : selector.keys()) {
          ((Conn) key.attachment()).send();
        }
        while (open > 0) {
          selector.select();
          Iterator<SelectionKey> it = selector.selectedKeys().iterator();
          while (it.hasNext()) {
            SelectionKey key = it.next();
            it.remove();
            Conn c = (Conn) key.attachment();
            if (c.receive()) {
              c.count++;
              long now = System.nanoTime();
              c.latencySum += now - c.begin;
              if (now >= end) {
                key.cancel();
                c.channel.close();
                open--;
              } else {
                c.send();
              }
            }
          }
        }
      } catch (IOException e) {
        throw new RuntimeException(e);
      }
    }
  }

  /** One connection: its socket, the prepared statement's Bind/Execute/Sync bytes, a reader. */
  static final class Conn {
    final SocketChannel channel;
    final ByteBuffer request;
    final ByteBuffer in = ByteBuffer.allocateDirect(1 << 16);
    long begin;
    long count;
    long latencySum;

    private Conn(SocketChannel channel, ByteBuffer request) {
      this.channel = channel;
      this.request = request;
    }

    static Conn open(String host, int port, String user, String db, String sql) throws IOException {
      SocketChannel ch = SocketChannel.open(new InetSocketAddress(host, port));
      ch.socket().setTcpNoDelay(true);
      ByteBuffer b = ByteBuffer.allocate(1024);
      b.putInt(0).putInt(196608);
      cstring(b, "user");
      cstring(b, user);
      cstring(b, "database");
      cstring(b, db);
      b.put((byte) 0);
      b.putInt(0, b.position());
      b.flip();
      ch.write(b);
      Conn c = new Conn(ch, null);
      c.readUntilReady(); // trust only: AuthenticationOk, parameters, key, ReadyForQuery
      ByteBuffer p = ByteBuffer.allocate(1024);
      message(
          p,
          'P',
          m -> {
            cstring(m, "s1");
            cstring(m, sql);
            m.putShort((short) 0);
          });
      message(p, 'S', m -> {});
      p.flip();
      ch.write(p);
      c.readUntilReady();
      ByteBuffer r = ByteBuffer.allocateDirect(64);
      message(
          r,
          'B',
          m -> {
            cstring(m, "");
            cstring(m, "s1");
            m.putShort((short) 0).putShort((short) 0).putShort((short) 0);
          });
      message(
          r,
          'E',
          m -> {
            cstring(m, "");
            m.putInt(0);
          });
      message(r, 'S', m -> {});
      r.flip();
      return new Conn(ch, r);
    }

    void blockingLoop(long end) {
      try {
        while (true) {
          send();
          while (!receive()) {
            // the rest of the reply
          }
          count++;
          long now = System.nanoTime();
          latencySum += now - begin;
          if (now >= end) {
            channel.close();
            return;
          }
        }
      } catch (IOException e) {
        throw new RuntimeException(e);
      }
    }

    void send() throws IOException {
      begin = System.nanoTime();
      request.rewind();
      while (request.hasRemaining()) {
        channel.write(request);
      }
    }

    /** Reads what is there; true once ReadyForQuery ended the reply. */
    boolean receive() throws IOException {
      if (channel.read(in) < 0) {
        throw new IOException("server closed the connection");
      }
      return scan();
    }

    private boolean scan() throws IOException {
      in.flip();
      boolean ready = false;
      while (in.remaining() >= 5) {
        int pos = in.position();
        byte type = in.get(pos);
        int len = in.getInt(pos + 1);
        if (in.remaining() < len + 1) {
          break;
        }
        if (type == 'E') {
          throw new IOException("server error");
        }
        in.position(pos + 1 + len);
        if (type == 'Z') {
          ready = true;
        }
      }
      in.compact();
      return ready;
    }

    private void readUntilReady() throws IOException {
      do {
        if (channel.read(in) < 0) {
          throw new IOException("closed");
        }
      } while (!scan());
    }

    private static void cstring(ByteBuffer b, String s) {
      b.put(s.getBytes(StandardCharsets.UTF_8)).put((byte) 0);
    }

    private static void message(
        ByteBuffer b, char type, java.util.function.Consumer<ByteBuffer> body) {
      b.put((byte) type);
      int at = b.position();
      b.putInt(0);
      body.accept(b);
      b.putInt(at, b.position() - at);
    }
  }
}
