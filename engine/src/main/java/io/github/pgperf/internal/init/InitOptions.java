package io.github.pgperf.internal.init;

import io.github.pgperf.init.PartitionMethod;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * What {@code pgbench -i} is asked to make: scale, steps and table options, plus the schema to make
 * it in. Build one with {@link #builder()}; the builder applies pgbench's rules (defaults, ranges,
 * {@code -n} and {@code --foreign-keys} editing the steps).
 *
 * @param scale the scale factor: {@code scale} branches, 10 tellers and 100000 accounts per unit
 * @param steps the steps to run, in order
 * @param fillfactor fillfactor of branches, tellers and accounts, 10..100
 * @param unloggedTables whether the tables are created unlogged
 * @param partitions number of partitions of pgbench_accounts, 0 for none
 * @param partitionMethod how accounts are partitioned; meaningful only when partitions > 0
 * @param tablespace tablespace of the tables, or {@code null} for the default
 * @param indexTablespace tablespace of the primary-key indexes, or {@code null} for the default
 * @param quiet progress at most every 5 seconds instead of every 100000 rows
 * @param schema the schema to make the tables in, or {@code null} for the connection's search_path
 *     (as pgbench)
 */
public record InitOptions(
    int scale,
    List<InitStep> steps,
    int fillfactor,
    boolean unloggedTables,
    int partitions,
    PartitionMethod partitionMethod,
    String tablespace,
    String indexTablespace,
    boolean quiet,
    String schema) {

  /** Scale at and above which aid is a bigint (pgbench's SCALE_32BIT_THRESHOLD). */
  public static final int BIGINT_AID_SCALE = 20000;

  /**
   * Checks the ranges pgbench checks.
   *
   * @throws IllegalArgumentException with pgbench's message for a value out of range
   */
  public InitOptions {
    steps = List.copyOf(steps);
    Objects.requireNonNull(partitionMethod, "partitionMethod");
    if (scale < 1) {
      throw new IllegalArgumentException("-s/--scale must be in range 1..2147483647");
    }
    if (fillfactor < 10 || fillfactor > 100) {
      throw new IllegalArgumentException("-F/--fillfactor must be in range 10..100");
    }
    if (partitions < 0) {
      throw new IllegalArgumentException("--partitions must be in range 0..2147483647");
    }
    if (schema != null && schema.isEmpty()) {
      throw new IllegalArgumentException("schema name must not be empty");
    }
  }

  /** A builder with pgbench's defaults: scale 1, steps {@code dtgvp}, fillfactor 100. */
  public static Builder builder() {
    return new Builder();
  }

  /** The steps as {@code -I} letters. */
  public String stepLetters() {
    return InitStep.letters(steps);
  }

  /** Whether pgbench_accounts is partitioned. */
  public boolean partitioned() {
    return partitions > 0;
  }

  /**
   * Whether the steps end with freshly created and filled tables: a create step, later a generate
   * step, and no drop after that create. Only such a run is recorded as complete.
   */
  boolean makesTablesFromScratch() {
    boolean created = false;
    boolean filled = false;
    for (InitStep step : steps) {
      switch (step) {
        case DROP_TABLES -> {
          created = false;
          filled = false;
        }
        case CREATE_TABLES -> {
          created = true;
          filled = false;
        }
        case CLIENT_SIDE_GENERATE, SERVER_SIDE_GENERATE -> filled = created;
        default -> {}
      }
    }
    return created && filled;
  }

  /**
   * What these options make, in one line: everything that shapes the tables and their rows, but not
   * where (schema) or how progress is shown. Two initializations with the same description hold the
   * same catalog and data.
   */
  String description() {
    return "scale="
        + scale
        + " steps="
        + stepLetters()
        + " fillfactor="
        + fillfactor
        + " unlogged="
        + unloggedTables
        + " partitions="
        + partitions
        + " partition_method="
        + (partitioned() ? partitionMethod.sqlName() : "none")
        + " tablespace="
        + (tablespace == null ? "" : tablespace)
        + " index_tablespace="
        + (indexTablespace == null ? "" : indexTablespace);
  }

  /** Collects options the way pgbench's command line does, then checks them in {@link #build}. */
  public static final class Builder {
    private int scale = 1;
    private String stepLetters = InitStep.DEFAULT_STEPS;
    private int fillfactor = 100;
    private boolean noVacuum;
    private boolean foreignKeys;
    private boolean unloggedTables;
    private int partitions;
    private PartitionMethod partitionMethod;
    private String tablespace;
    private String indexTablespace;
    private boolean quiet;
    private String schema;

    private Builder() {}

    /** {@code -s}: the scale factor, 1 or more. */
    public Builder scale(int scale) {
      this.scale = scale;
      return this;
    }

    /** {@code -I}: the step letters, checked in {@link #build}. */
    public Builder steps(String letters) {
      this.stepLetters = Objects.requireNonNull(letters, "letters");
      return this;
    }

    /** {@code -F}: fillfactor 10..100. */
    public Builder fillfactor(int fillfactor) {
      this.fillfactor = fillfactor;
      return this;
    }

    /** {@code -n}: drop every vacuum step, even one given with {@code -I}. */
    public Builder noVacuum(boolean noVacuum) {
      this.noVacuum = noVacuum;
      return this;
    }

    /** {@code --foreign-keys}: add the foreign-key step at the end unless the steps have it. */
    public Builder foreignKeys(boolean foreignKeys) {
      this.foreignKeys = foreignKeys;
      return this;
    }

    /** {@code --unlogged-tables}. */
    public Builder unloggedTables(boolean unloggedTables) {
      this.unloggedTables = unloggedTables;
      return this;
    }

    /** {@code --partitions}: 0 (none) or more. */
    public Builder partitions(int partitions) {
      this.partitions = partitions;
      return this;
    }

    /** {@code --partition-method}: needs partitions > 0; range when partitions are asked alone. */
    public Builder partitionMethod(PartitionMethod partitionMethod) {
      this.partitionMethod = partitionMethod;
      return this;
    }

    /** {@code --tablespace}, or {@code null}. */
    public Builder tablespace(String tablespace) {
      this.tablespace = tablespace;
      return this;
    }

    /** {@code --index-tablespace}, or {@code null}. */
    public Builder indexTablespace(String indexTablespace) {
      this.indexTablespace = indexTablespace;
      return this;
    }

    /** {@code -q}. */
    public Builder quiet(boolean quiet) {
      this.quiet = quiet;
      return this;
    }

    /** The schema to initialize, or {@code null} for the connection's search_path. */
    public Builder schema(String schema) {
      this.schema = schema;
      return this;
    }

    /**
     * Checks the options as pgbench does and applies {@code -n} and {@code --foreign-keys}.
     *
     * @throws InitException with pgbench's message when an option is out of range
     */
    public InitOptions build() throws InitException {
      List<InitStep> steps = new ArrayList<>(InitStep.parse(stepLetters));
      if (noVacuum) {
        steps.removeIf(s -> s == InitStep.VACUUM);
      }
      if (foreignKeys && !steps.contains(InitStep.FOREIGN_KEYS)) {
        steps.add(InitStep.FOREIGN_KEYS);
      }
      InitOptions options;
      try {
        options =
            new InitOptions(
                scale,
                steps,
                fillfactor,
                unloggedTables,
                partitions,
                partitionMethod == null ? PartitionMethod.RANGE : partitionMethod,
                tablespace,
                indexTablespace,
                quiet,
                schema);
      } catch (IllegalArgumentException e) {
        throw new InitException(e.getMessage(), null);
      }
      // pgbench checks this after every option's own range, as here.
      if (partitionMethod != null && partitions == 0) {
        throw new InitException("--partition-method requires greater than zero --partitions", null);
      }
      return options;
    }
  }

  /**
   * Parses {@code range} or {@code hash} (case-insensitive, as pgbench).
   *
   * @throws InitException for any other name
   */
  public static PartitionMethod partitionMethod(String name) throws InitException {
    for (PartitionMethod m : PartitionMethod.values()) {
      if (m.sqlName().equalsIgnoreCase(name)) {
        return m;
      }
    }
    throw new InitException(
        "invalid partition method, expecting \"range\" or \"hash\", got: \"" + name + "\"", null);
  }
}
