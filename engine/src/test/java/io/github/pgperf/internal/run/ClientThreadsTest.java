package io.github.pgperf.internal.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/**
 * Which threads a run's clients get: the rule for runs that choose nothing, and the two choices.
 * The automatic rule's threshold is measured (bench/README.md); this checks that the rule is the
 * one documented: Java 21 or later and at least 16 clients per processor.
 */
class ClientThreadsTest {

  @Test
  void withoutAChoiceOnlyManyClientsOnJava21OrLaterTakeVirtualThreads() {
    assertThat(VirtualThreads.byDefault(17, 1000, 2)).isFalse();
    assertThat(VirtualThreads.byDefault(20, 1000, 2)).isFalse();
    assertThat(VirtualThreads.byDefault(21, 31, 2)).isFalse();
    assertThat(VirtualThreads.byDefault(21, 32, 2)).isTrue();
    assertThat(VirtualThreads.byDefault(25, 8, 2)).isFalse();
    assertThat(VirtualThreads.byDefault(25, 63, 4)).isFalse();
    assertThat(VirtualThreads.byDefault(25, 64, 4)).isTrue();
    assertThat(VirtualThreads.byDefault(25, 200, 2)).isTrue();
  }

  @Test
  void offIsAlwaysAPlatformThreadPerClient() throws RunException {
    ClientThreads threads = ClientThreads.choose(VirtualThreads.OFF, 1000, false);
    assertThat(threads.isVirtual()).isFalse();
    assertThat(threads.unstarted(() -> {}, "pgperf-client-0").isDaemon()).isFalse();
  }

  @Test
  void automaticFollowsTheRuleForThisJava() throws RunException {
    int processors = Runtime.getRuntime().availableProcessors();
    int many = VirtualThreads.FROM_CLIENTS_PER_PROCESSOR * processors;
    boolean java21 = Runtime.version().feature() >= VirtualThreads.SINCE_JAVA;
    assertThat(ClientThreads.choose(VirtualThreads.AUTOMATIC, many, false).isVirtual())
        .isEqualTo(java21);
    assertThat(ClientThreads.choose(VirtualThreads.AUTOMATIC, many - 1, false).isVirtual())
        .isFalse();
    // The user's Java transactions keep platform threads unless virtual ones are asked for.
    assertThat(ClientThreads.choose(VirtualThreads.AUTOMATIC, many, true).isVirtual()).isFalse();
    assertThat(VirtualThreads.ON.virtualFor(many, true)).isTrue();
  }

  @Test
  void onIsVirtualThreadsOrARefusalNamingTheJava() throws RunException {
    if (Runtime.version().feature() < VirtualThreads.SINCE_JAVA) {
      assertThatThrownBy(() -> ClientThreads.choose(VirtualThreads.ON, 1, false))
          .isInstanceOf(RunException.class)
          .hasMessage(
              "--virtual-threads needs Java 21 or later; this run's Java is " + Runtime.version());
      return;
    }
    ClientThreads threads = ClientThreads.choose(VirtualThreads.ON, 1, false);
    assertThat(threads.isVirtual()).isTrue();
    // Thread.isVirtual is Java 21's; a virtual thread is always a daemon thread.
    assertThat(threads.unstarted(() -> {}, "pgperf-client-0").isDaemon()).isTrue();
  }
}
