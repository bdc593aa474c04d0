package io.github.pgperf.junit;

import io.github.pgperf.init.InitException;
import io.github.pgperf.init.InitOptions;
import io.github.pgperf.init.PartitionMethod;
import io.github.pgperf.provision.ProviderKind;
import java.util.Locale;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;

/**
 * The initialization a class asks for; the schema, when not given, depends on the provider chosen.
 *
 * @param schema the schema asked for, or {@code null} for the default
 */
record InitRequest(int scale, int fillfactor, int partitions, PartitionMethod partitionMethod,
    boolean unloggedTables, boolean foreignKeys, boolean serverSideGenerate, String schema) {

  /** The schema on an external server when none is asked. */
  static final String EXTERNAL_SCHEMA = "pgperf";

  /**
   * The schema to use: the one asked for; else {@value #EXTERNAL_SCHEMA} on an external server,
   * which pgperf shares with whoever else uses that server; else one schema per initialization on
   * a server pgperf started, so that classes asking different data never replace each other's.
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
      throw new ExtensionConfigurationException("@PgPerfTest initialization options are invalid: "
          + e.getMessage());
    }
  }
}
