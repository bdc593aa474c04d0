package io.github.pgperf.internal.provision;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Where a container's CPU counter is found from its first process, in the layouts of cgroup v1
 * (cgroupfs and systemd drivers) and v2, laid out in a directory as {@code /proc} and {@code
 * /sys/fs/cgroup} show them; TestcontainersIT reads a real one.
 */
class ContainerCpuUsageTest {

  private static final String ID =
      "c818aad0e3701bd89abf375ce6886e14861d0414e623f626133338929d71fe87";

  @TempDir Path dir;

  private Path proc(String cgroupFile) throws IOException {
    Path pid = Files.createDirectories(dir.resolve("proc/4242"));
    Files.writeString(pid.resolve("cgroup"), cgroupFile);
    return dir.resolve("proc");
  }

  private Path file(String path, String text) throws IOException {
    Path file = dir.resolve("cgroup").resolve(path);
    Files.createDirectories(file.getParent());
    Files.writeString(file, text);
    return file;
  }

  @Test
  void cgroupV1sCpuacctUsageIsReadInMicroseconds() throws IOException {
    Path proc =
        proc(
            "9:name=systemd:/docker/"
                + ID
                + "\n2:cpuacct:/docker/"
                + ID
                + "\n1:cpu:/docker/"
                + ID
                + "\n0::/\n");
    Path usage = file("cpuacct/docker/" + ID + "/cpuacct.usage", "2112627982\n");

    Path found = ContainerCpuUsage.cgroupCounter(proc, dir.resolve("cgroup"), 4242, ID);

    assertThat(found).isEqualTo(usage);
    assertThat(new ContainerCpuUsage.Cgroup(found).micros()).isEqualTo(2_112_627);
  }

  @Test
  void theSystemdDriversCombinedHierarchyIsFoundToo() throws IOException {
    String scope = "system.slice/docker-" + ID + ".scope";
    Path proc = proc("4:cpu,cpuacct:/" + scope + "\n");
    Path usage = file("cpu,cpuacct/" + scope + "/cpuacct.usage", "5000\n");

    assertThat(ContainerCpuUsage.cgroupCounter(proc, dir.resolve("cgroup"), 4242, ID))
        .isEqualTo(usage);
  }

  @Test
  void cgroupV2sCpuStatGivesUsageUsec() throws IOException {
    Path proc = proc("0::/system.slice/docker-" + ID + ".scope\n");
    Path stat =
        file(
            "system.slice/docker-" + ID + ".scope/cpu.stat",
            "usage_usec 81234\nuser_usec 60000\nsystem_usec 21234\n");

    Path found = ContainerCpuUsage.cgroupCounter(proc, dir.resolve("cgroup"), 4242, ID);

    assertThat(found).isEqualTo(stat);
    assertThat(new ContainerCpuUsage.Cgroup(found).micros()).isEqualTo(81_234);
  }

  @Test
  void aProcessOutsideTheContainersCgroupOrNotVisibleGivesNone() throws IOException {
    // The PID of another process (the container's PIDs are not this machine's), or none.
    Path proc = proc("2:cpuacct:/user.slice\n0::/user.slice\n");
    file("cpuacct/user.slice/cpuacct.usage", "1\n");

    assertThat(ContainerCpuUsage.cgroupCounter(proc, dir.resolve("cgroup"), 4242, ID)).isNull();
    assertThat(ContainerCpuUsage.cgroupCounter(proc, dir.resolve("cgroup"), 99, ID)).isNull();
    // Named, but the counter is not there (cgroup not mounted here).
    Path named = proc("2:cpuacct:/docker/" + ID + "\n");
    assertThat(ContainerCpuUsage.cgroupCounter(named, dir.resolve("none"), 4242, ID)).isNull();
    assertThat(new ContainerCpuUsage.Cgroup(dir.resolve("none/cpu.stat")).micros()).isEqualTo(-1);
  }
}
