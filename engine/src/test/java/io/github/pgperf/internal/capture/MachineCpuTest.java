package io.github.pgperf.internal.capture;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.github.pgperf.work.MachineCpu;
import io.github.pgperf.work.ServerCpu;
import org.junit.jupiter.api.Test;

/** The machine's CPU from /proc/stat: what it had, what was busy, what others took. */
class MachineCpuTest {

  @Test
  void readsTheAggregateLineWithStealAsBusyAndIowaitAsIdle() {
    // user nice system idle iowait irq softirq steal guest guest_nice
    MachineCpuReading r = MachineCpuReading.parse("cpu  100 5 40 800 20 3 2 30 7 0", 60);

    assertThat(r).isEqualTo(new MachineCpuReading(1000, 180, 60));
  }

  @Test
  void refusesWhatIsNotTheAggregateLine() {
    assertThat(MachineCpuReading.parse("cpu0 1 2 3 4 5 6 7 8", 1)).isNull();
    assertThat(MachineCpuReading.parse("cpu 1 2 3", 1)).isNull();
    assertThat(MachineCpuReading.parse("cpu 1 2 x 4 5 6 7 8", 1)).isNull();
    assertThat(MachineCpuReading.parse("cpu 1 2 3 4 5 6 7 8", -1)).isNull();
  }

  @Test
  void othersAreTheBusyTimeNeitherPgperfNorTheServerUsed() {
    MachineCpu m =
        MachineCpuReading.between(
            new MachineCpuReading(1000, 200, 50), new MachineCpuReading(1200, 350, 90));

    assertThat(m).isEqualTo(new MachineCpu(2_000_000, 1_500_000, 400_000));
    // 1.5 s busy of 2 s: pgperf 0.4 s, server 0.6 s, others 0.5 s
    assertThat(m.othersShare(600_000)).isCloseTo(0.25, within(1e-9));
    // a server that used more than the machine says (ticks are coarse) leaves others at 0
    assertThat(m.othersShare(5_000_000)).isZero();
    assertThat(new MachineCpu(0, 0, 0).othersShare(0)).isNaN();
    assertThat(MachineCpuReading.between(null, new MachineCpuReading(1, 1, 1))).isNull();
  }

  @Test
  void windowsAddUpAndTheServersShareIsTakenOut() {
    ServerCpu a = new ServerCpu(100_000, 0L, 0L, 0L, new MachineCpu(1_000_000, 500_000, 200_000));
    ServerCpu b = new ServerCpu(300_000, 0L, 0L, 0L, new MachineCpu(1_000_000, 700_000, 200_000));

    ServerCpu sum = a.plus(b);

    assertThat(sum.machine()).isEqualTo(new MachineCpu(2_000_000, 1_200_000, 400_000));
    assertThat(sum.othersShare()).isCloseTo(0.2, within(1e-9));
    assertThat(a.plus(new ServerCpu(1, 0L, 0L, 0L)).machine()).isNull();
  }

  @Test
  void thisMachineIsReadable() {
    MachineCpuReading now = MachineCpuReading.now();

    assertThat(now).isNotNull();
    assertThat(now.capacityTicks()).isGreaterThanOrEqualTo(now.busyTicks());
    assertThat(now.pgperfTicks()).isPositive();
  }
}
