package io.github.pgperf.junit;

import io.github.pgperf.init.PartitionMethod;
import io.github.pgperf.internal.init.InitException;
import io.github.pgperf.internal.init.InitOptions;
import io.github.pgperf.provision.ProviderKind;
import java.util.Locale;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;

/**
 * The initialization of pgbench's tables a class asks for; the schema, when not given, depends on
 * the provider chosen.
 *
 * @param schema the schema of pgbench's tables asked for, or {@code null} for the default
 * @param upFront whether the class set a scale: then the tables are made before its tests, else
 *     only when a load first uses them
 */
record InitRequest(
    int scale,
    int fillfactor,
    int partitions,
    PartitionMethod partitionMethod,
    boolean unloggedTables,
    boolean foreignKeys,
    boolean serverSideGenerate,
    String schema,
    boolean upFront) {

  /** The schema on an external server when none is asked. */
  static final String EXTERNAL_SCHEMA = "pgperf";

  /**
   * The schema of pgbench's tables: the one asked for; else {@value #EXTERNAL_SCHEMA} on an
   * external server, one schema whose tables later runs reuse; else one schema per initialization
   * on a server pgperf started, so that classes asking different data never replace each other's.
   */
  String schemaFor(ProviderKind provider) {
    if (schema != null) {
      return schema;
    }
    if (provider == ProviderKind.EXTERNAL) {
      return EXTERNAL_SCHEMA;
    }
    StringBuilder name = new StringBuilder("pgperf_s").append(scale);
    if (fillfactor != 100) {
      name.append("_ff").append(fillfactor);
    }
    if (partitions > 0) {
      name.append("_p").append(partitions).append(partitionMethod.sqlName());
    }
    if (unloggedTables) {
      name.append("_unlogged");
    }
    if (foreignKeys) {
      name.append("_fk");
    }
    if (serverSideGenerate) {
      name.append("_serverside");
    }
    return name.toString().toLowerCase(Locale.ROOT);
  }

  /** pgbench's options for this request in the given schema, progress quiet (every 5 s). */
  InitOptions options(String inSchema) {
    try {
      return InitOptions.builder()
          .scale(scale)
          .fillfactor(fillfactor)
          .partitions(partitions)
          .partitionMethod(partitions > 0 ? partitionMethod : null)
          .unloggedTables(unloggedTables)
          .foreignKeys(foreignKeys)
          .steps(serverSideGenerate ? "dtGvp" : "dtgvp")
          .quiet(true)
          .schema(inSchema)
          .build();
    } catch (InitException e) {
      throw new ExtensionConfigurationException(
          "@PgPerfTest initialization options are invalid: " + e.getMessage());
    }
  }
}
