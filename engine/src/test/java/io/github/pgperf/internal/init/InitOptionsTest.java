package io.github.pgperf.internal.init;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.pgperf.init.PartitionMethod;
import org.junit.jupiter.api.Test;

/** pgbench's rules for init options, without a server. */
class InitOptionsTest {

  @Test
  void defaultsAreThoseOfPgbench() throws Exception {
    InitOptions o = InitOptions.builder().build();
    assertThat(o.scale()).isEqualTo(1);
    assertThat(o.stepLetters()).isEqualTo("dtgvp");
    assertThat(o.fillfactor()).isEqualTo(100);
    assertThat(o.partitioned()).isFalse();
    assertThat(o.schema()).isNull();
  }

  @Test
  void noVacuumRemovesEveryVacuumAndForeignKeysAppendsOnce() throws Exception {
    assertThat(InitOptions.builder().steps("dvtgvp").noVacuum(true).build().stepLetters())
        .isEqualTo("dtgp");
    assertThat(InitOptions.builder().foreignKeys(true).build().stepLetters()).isEqualTo("dtgvpf");
    assertThat(InitOptions.builder().steps("dtfgvp").foreignKeys(true).build().stepLetters())
        .isEqualTo("dtfgvp");
    assertThat(InitOptions.builder().steps(" d t G ").build().stepLetters()).isEqualTo("dtG");
  }

  @Test
  void partitionsAloneMeanRange() throws Exception {
    InitOptions o = InitOptions.builder().partitions(3).build();
    assertThat(o.partitionMethod()).isEqualTo(PartitionMethod.RANGE);
    assertThat(InitOptions.partitionMethod("HASH")).isEqualTo(PartitionMethod.HASH);
  }

  @Test
  void badValuesGetPgbenchsMessages() {
    assertThatThrownBy(() -> InitOptions.builder().steps("dtx").build())
        .hasMessage("unrecognized initialization step \"x\"")
        .extracting(e -> ((InitException) e).detail())
        .isEqualTo("Allowed step characters are: \"dtgGvpf\".");
    assertThatThrownBy(() -> InitOptions.builder().steps("  ").build())
        .hasMessage("no initialization steps specified");
    assertThatThrownBy(() -> InitOptions.builder().fillfactor(9).build())
        .hasMessage("-F/--fillfactor must be in range 10..100");
    assertThatThrownBy(() -> InitOptions.builder().fillfactor(101).build())
        .hasMessage("-F/--fillfactor must be in range 10..100");
    assertThatThrownBy(() -> InitOptions.builder().scale(0).build())
        .hasMessage("-s/--scale must be in range 1..2147483647");
    assertThatThrownBy(() -> InitOptions.builder().partitionMethod(PartitionMethod.HASH).build())
        .hasMessage("--partition-method requires greater than zero --partitions");
    assertThatThrownBy(() -> InitOptions.partitionMethod("list"))
        .hasMessage("invalid partition method, expecting \"range\" or \"hash\", got: \"list\"");
  }

  @Test
  void onlyStepsThatCreateAndFillTheTablesMakeACompleteInitialization() throws Exception {
    assertThat(InitOptions.builder().build().makesTablesFromScratch()).isTrue();
    assertThat(InitOptions.builder().steps("tG").build().makesTablesFromScratch()).isTrue();
    assertThat(InitOptions.builder().steps("dtgvpd").build().makesTablesFromScratch()).isFalse();
    assertThat(InitOptions.builder().steps("gt").build().makesTablesFromScratch()).isFalse();
    assertThat(InitOptions.builder().steps("vp").build().makesTablesFromScratch()).isFalse();
  }

  @Test
  void bigScalesGetBigintAid() throws Exception {
    Tables small = new Tables(InitOptions.builder().scale(19_999).build());
    Tables big = new Tables(InitOptions.builder().scale(20_000).build());
    assertThat(small.create().get(2)).startsWith("create table pgbench_accounts(aid    int ");
    assertThat(big.create().get(2)).startsWith("create table pgbench_accounts(aid bigint ");
    assertThat(big.create().get(0)).contains(",aid bigint,");
    assertThat(big.accounts()).isEqualTo(2_000_000_000L);
  }
}
