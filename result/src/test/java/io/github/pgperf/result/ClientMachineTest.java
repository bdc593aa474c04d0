package io.github.pgperf.result;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ClientMachineTest {

  @TempDir Path dir;

  @Test
  void cpuModelIsTheFirstModelNameOfCpuinfo() throws Exception {
    Path cpuinfo = dir.resolve("cpuinfo");
    Files.writeString(
        cpuinfo,
        "processor\t: 0\nvendor_id\t: GenuineIntel\n"
            + "model name\t: Intel(R) Xeon(R)   Platinum 8481C CPU @ 2.70GHz\n\nprocessor\t: 1\n"
            + "model name\t: Other\n");
    assertThat(ClientMachine.cpuModel(cpuinfo))
        .isEqualTo("Intel(R) Xeon(R) Platinum 8481C CPU @ 2.70GHz");
  }

  @Test
  void cpuModelIsUnknownWithoutCpuinfoOrModelName() throws Exception {
    assertThat(ClientMachine.cpuModel(dir.resolve("absent"))).isNull();
    Path arm = dir.resolve("arm");
    Files.writeString(arm, "processor\t: 0\nBogoMIPS\t: 50.00\n");
    assertThat(ClientMachine.cpuModel(arm)).isNull();
  }

  @Test
  void thisMachineHasMemoryAndCores() {
    ClientMachine m = ClientMachine.current();
    assertThat(m.cores()).isPositive();
    assertThat(m.memoryBytes()).isPositive();
  }
}
