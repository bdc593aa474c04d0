package io.github.pgperf.work;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The server work's value types: what they hold, how they add, what they refuse. */
class ServerWorkTest {

  @Test
  void partsAddAndStatementsAddByTheirText() {
    ServerWork a = SampleWork.full(1);
    ServerWork b = SampleWork.full(2);
    ServerWork sum = a.plus(b);

    assertThat(sum.windowSeconds()).isEqualTo(4.5);
    assertThat(sum.database().commits()).isEqualTo(300);
    assertThat(sum.wal().bytes()).isEqualTo(12_000);
    assertThat(sum.checkpoints().requested()).isEqualTo(3);
    assertThat(sum.cpu().backendsMicros()).isEqualTo(270_000);
    assertThat(sum.waits().samples()).isEqualTo(150);
    assertThat(sum.waits().count(WaitEvents.CPU)).isEqualTo(165);
    assertThat(sum.statements()).hasSize(2);
    StatementWork update = sum.statementsContaining("UPDATE").get(0);
    assertThat(update.calls()).isEqualTo(600);
    assertThat(update.blocks().sharedHit()).isEqualTo(1800);
    assertThat(update.meanExecMillis()).isEqualTo(update.totalExecMillis() / 600);
    assertThat(sum.statementBlocks().sharedAccessed())
        .isEqualTo(a.statementBlocks().sharedAccessed() + b.statementBlocks().sharedAccessed());
    // Most execution time first.
    assertThat(sum.statements().get(0)).isSameAs(update);
  }

  @Test
  void aPartMissingInOneIsMissingInTheSumWithItsReason() {
    ServerWork sum = SampleWork.full(1).plus(SampleWork.partial(2));
    assertThat(sum.statements()).isNull();
    assertThat(sum.cpu()).isNull();
    assertThat(sum.database().commits()).isEqualTo(300);
    assertThat(sum.whyUnavailable(WorkPart.STATEMENTS)).contains("shared_preload_libraries");
    assertThat(sum.statementsContaining("SELECT")).isEmpty();
    assertThat(sum.statementBlocks()).isNull();
  }

  @Test
  void aMissingPartMustSayWhy() {
    assertThatThrownBy(() -> new ServerWork(1, null, null, null, null, null, null,
        List.of(new Unavailable(WorkPart.STATEMENTS, "x"))))
        .hasMessage("server work without [DATABASE, WAL, CHECKPOINTS, WAITS, SERVER_CPU] must"
            + " say why in unavailable");
    ServerWork f = SampleWork.full(1);
    assertThatThrownBy(() -> new ServerWork(1, f.statements(), f.database(), f.wal(),
        f.checkpoints(), f.waits(), new ServerCpu(1, null, 2L, 3L), List.of()))
        .hasMessageContaining("[BACKGROUND_CPU]");
  }

  @Test
  void aStatementListedTwiceIsRefused() {
    StatementWork s = SampleWork.statement("SELECT 1", 1);
    ServerWork f = SampleWork.full(1);
    assertThatThrownBy(() -> new ServerWork(1, List.of(s, s), f.database(), f.wal(),
        f.checkpoints(), f.waits(), f.cpu(), List.of()))
        .hasMessage("statement listed twice: SELECT 1");
  }

  @Test
  void waitEventsAreMostSeenFirstAndAddOnlyAtOneInterval() {
    WaitEvents w = new WaitEvents(10, 3, List.of(new WaitCount("IO:DataFileRead", 2),
        new WaitCount(WaitEvents.CPU, 5), new WaitCount("Client:ClientRead", 2)));
    assertThat(w.counts()).extracting(WaitCount::event)
        .containsExactly("CPU", "Client:ClientRead", "IO:DataFileRead");
    assertThat(w.top()).isEqualTo("CPU");
    assertThat(w.share("IO:DataFileRead")).isEqualTo(2.0 / 9);
    assertThat(w.count("Lock:tuple")).isZero();
    assertThat(w.plus(w).count("CPU")).isEqualTo(10);
    assertThatThrownBy(() -> w.plus(new WaitEvents(20, 1, List.of())))
        .hasMessage("wait events sampled every 10 ms and every 20 ms cannot be added");
    assertThatThrownBy(() -> new WaitEvents(10, 1,
        List.of(new WaitCount("CPU", 1), new WaitCount("CPU", 2))))
        .hasMessage("wait event CPU counted twice");
  }

  @Test
  void backgroundCpuKnownInOnlyOnePartIsNotKnownInTheSum() {
    ServerCpu a = new ServerCpu(100, 10L, null, 30L);
    ServerCpu b = new ServerCpu(200, 20L, 5L, 40L);
    ServerCpu sum = a.plus(b);
    assertThat(sum).isEqualTo(new ServerCpu(300, 30L, null, 70L));
    assertThat(sum.totalMicros()).isEqualTo(400);
  }

  @Test
  void aContainersCpuIsItsWholeTimeAndAddsOnlyToAnotherContainers() {
    ServerCpu a = ServerCpu.ofContainer(300, null);
    assertThat(a.totalMicros()).isEqualTo(300);
    assertThat(a.backendsMicros()).isZero();
    assertThat(a.walWriterMicros()).isNull();
    assertThat(a.plus(ServerCpu.ofContainer(200, null)).totalMicros()).isEqualTo(500);
    // With processes' time it is not the same kind: the container's time is unknown in the sum.
    ServerCpu mixed = a.plus(new ServerCpu(100, 10L, 5L, 1L));
    assertThat(mixed.containerMicros()).isNull();
    assertThatThrownBy(() -> ServerCpu.ofContainer(-1, null))
        .hasMessage("negative container CPU time: -1");
  }
}
