package io.github.pgperf.junit;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.pgperf.init.PartitionMethod;
import io.github.pgperf.internal.init.InitOptions;
import io.github.pgperf.internal.init.InitStep;
import io.github.pgperf.provision.ProviderKind;
import org.junit.jupiter.api.Test;

class InitRequestTest {

  @Test
  void defaultSchemaIsPgperfOnExternalAndOnePerInitializationElsewhere() {
    InitRequest plain =
        new InitRequest(10, 100, 0, PartitionMethod.RANGE, false, false, false, null, false);
    assertThat(plain.schemaFor(ProviderKind.EXTERNAL)).isEqualTo("pgperf");
    assertThat(plain.schemaFor(ProviderKind.EMBEDDED)).isEqualTo("pgperf_s10");
    InitRequest everything =
        new InitRequest(10, 90, 4, PartitionMethod.HASH, true, true, true, null, false);
    assertThat(everything.schemaFor(ProviderKind.TESTCONTAINERS))
        .isEqualTo("pgperf_s10_ff90_p4hash_unlogged_fk_serverside");
    InitRequest named =
        new InitRequest(10, 90, 4, PartitionMethod.HASH, true, true, true, "mine", false);
    assertThat(named.schemaFor(ProviderKind.EMBEDDED)).isEqualTo("mine");
  }

  @Test
  void optionsMirrorPgbenchInit() {
    InitOptions options =
        new InitRequest(3, 90, 4, PartitionMethod.HASH, true, true, true, null, false).options("s");
    assertThat(options.scale()).isEqualTo(3);
    assertThat(options.fillfactor()).isEqualTo(90);
    assertThat(options.partitions()).isEqualTo(4);
    assertThat(options.partitionMethod()).isEqualTo(PartitionMethod.HASH);
    assertThat(options.unloggedTables()).isTrue();
    assertThat(options.stepLetters()).isEqualTo("dtGvpf");
    assertThat(options.steps()).contains(InitStep.FOREIGN_KEYS);
    assertThat(options.schema()).isEqualTo("s");
    assertThat(
            new InitRequest(1, 100, 0, PartitionMethod.RANGE, false, false, false, null, false)
                .options("s")
                .stepLetters())
        .isEqualTo("dtgvp");
  }
}
