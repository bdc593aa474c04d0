package io.github.pgperf.internal.script;

/**
 * The generators of a run, drawn from the base sequence seeded by the run's seed in pgbench's
 * order: one per client in client order, then {@code default_seed} (unless {@code -D default_seed}
 * was given), then per thread the generators for script choice, throttling and sampling. With the
 * same seed, client and thread counts, every draw equals pgbench's.
 */
public final class SeedPlan {

  private final long randomSeed;
  private final long[] clientSeeds;
  private final long defaultSeed;
  private final long[] threadSeeds;

  private SeedPlan(long randomSeed, long[] clientSeeds, long defaultSeed, long[] threadSeeds) {
    this.randomSeed = randomSeed;
    this.clientSeeds = clientSeeds;
    this.defaultSeed = defaultSeed;
    this.threadSeeds = threadSeeds;
  }

  /**
   * Draws the plan.
   *
   * @param randomSeed the run's seed ({@link RandomSeed#value()})
   * @param clients number of clients ({@code -c})
   * @param defaultSeedGiven whether {@code -D default_seed=...} was given; then no draw is made for
   *     it, which shifts the thread generators as in pgbench
   * @param threads number of threads ({@code -j})
   */
  public static SeedPlan draw(long randomSeed, int clients, boolean defaultSeedGiven, int threads) {
    Prng base = Prng.seeded(randomSeed);
    long[] clientSeeds = new long[clients];
    for (int i = 0; i < clients; i++) {
      clientSeeds[i] = base.nextLong();
    }
    long defaultSeed = defaultSeedGiven ? 0 : base.nextLong();
    long[] threadSeeds = new long[3 * threads];
    for (int i = 0; i < threadSeeds.length; i++) {
      threadSeeds[i] = base.nextLong();
    }
    return new SeedPlan(randomSeed, clientSeeds, defaultSeed, threadSeeds);
  }

  /** The run's seed, the value of {@code :random_seed}. */
  public long randomSeed() {
    return randomSeed;
  }

  /** A new generator for the random functions of client {@code client} (0-based). */
  public Prng client(int client) {
    return Prng.seeded(clientSeeds[client]);
  }

  /** The value of {@code :default_seed}; meaningless when {@code -D default_seed} was given. */
  public long defaultSeed() {
    return defaultSeed;
  }

  /** A new generator for the script choice of thread {@code thread} (0-based). */
  public Prng scriptChoice(int thread) {
    return Prng.seeded(threadSeeds[3 * thread]);
  }

  /** A new generator for the throttling ({@code --rate}) delays of thread {@code thread}. */
  public Prng throttle(int thread) {
    return Prng.seeded(threadSeeds[3 * thread + 1]);
  }

  /** A new generator for the transaction-log sampling ({@code --sampling-rate}) of a thread. */
  public Prng sampling(int thread) {
    return Prng.seeded(threadSeeds[3 * thread + 2]);
  }
}
