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
    assertThatThrownBy(
            () ->
                new ServerWork(
                    1,
                    null,
                    null,
                    null,
                    null,
                    null,
                    null,
                    List.of(new Unavailable(WorkPart.STATEMENTS, "x"))))
        .hasMessage(
            "server work without [DATABASE, WAL, CHECKPOINTS, WAITS, SERVER_CPU] must"
                + " say why in unavailable");
    ServerWork f = SampleWork.full(1);
    assertThatThrownBy(
            () ->
                new ServerWork(
                    1,
                    f.statements(),
                    f.database(),
                    f.wal(),
                    f.checkpoints(),
                    f.waits(),
                    new ServerCpu(1, null, 2L, 3L),
                    List.of()))
        .hasMessageContaining("[BACKGROUND_CPU]");
  }

  @Test
  void aStatementListedTwiceIsRefused() {
    StatementWork s = SampleWork.statement("SELECT 1", 1);
    ServerWork f = SampleWork.full(1);
    assertThatThrownBy(
            () ->
                new ServerWork(
                    1,
                    List.of(s, s),
                    f.database(),
                    f.wal(),
                    f.checkpoints(),
                    f.waits(),
                    f.cpu(),
                    List.of()))
        .hasMessage("statement listed twice: SELECT 1");
  }

  @Test
  void statementsOfOneShapeAreOneStatementWithTheirCountersAdded() {
    ServerWork f = SampleWork.full(1);
    List<StatementWork> texts = new java.util.ArrayList<>(f.statements());
    for (int i = 1; i <= 3; i++) {
      texts.add(SampleWork.statement("SAVEPOINT JDBC_SAVEPOINT_" + i, i));
      texts.add(SampleWork.statement("RELEASE SAVEPOINT JDBC_SAVEPOINT_" + i, i));
    }

    ServerWork work =
        new ServerWork(
            1, texts, f.database(), f.wal(), f.checkpoints(), f.waits(), f.cpu(), List.of());

    assertThat(work.statements())
        .extracting(StatementWork::query)
        .containsExactlyInAnyOrder(
            "SELECT abalance FROM pgbench_accounts WHERE aid = $1",
            "UPDATE pgbench_accounts SET abalance = abalance + $1 WHERE aid = $2",
            "SAVEPOINT <name>",
            "RELEASE SAVEPOINT <name>");
    StatementWork savepoint =
        work.statementsContaining("SAVEPOINT <name>").stream()
            .filter(s -> s.query().startsWith("SAVEPOINT"))
            .findFirst()
            .orElseThrow();
    // 100, 200 and 300 calls; every counter adds.
    assertThat(savepoint.calls()).isEqualTo(600);
    assertThat(savepoint.blocks().sharedHit()).isEqualTo(300 * 6);
    assertThat(savepoint.wal().bytes()).isEqualTo(60 * 6);
    assertThat(savepoint.totalExecMillis()).isEqualTo(12.5 * 6);
    assertThat(work.statementCalls()).isEqualTo(300 + 2 * 600);
    // Runs added keep one statement per shape.
    assertThat(work.plus(work).statementsContaining("SAVEPOINT <name>"))
        .hasSize(2)
        .allSatisfy(s -> assertThat(s.calls()).isEqualTo(1200));
  }

  @Test
  void evictionsSayWhetherTheStatementsMayBeIncompleteAndAdd() {
    ServerWork complete = SampleWork.full(1).withStatementEvictions(0L);
    ServerWork evicted = SampleWork.full(2).withStatementEvictions(2L);
    ServerWork unknown = SampleWork.full(3);

    assertThat(complete.statementsIncomplete()).isFalse();
    assertThat(evicted.statementsIncomplete()).isTrue();
    assertThat(unknown.statementEvictions()).isNull();
    assertThat(unknown.statementsIncomplete()).isFalse();
    assertThat(complete.plus(evicted).statementEvictions()).isEqualTo(2);
    assertThat(complete.plus(unknown).statementEvictions()).isNull();
    assertThat(unknown.plus(evicted).statementEvictions()).isEqualTo(2);
    assertThat(evicted.plus(SampleWork.partial(1)).statementEvictions()).isNull();
    assertThat(evicted.withPlans(List.of(), null).statementEvictions()).isEqualTo(2);
    assertThatThrownBy(() -> SampleWork.partial(1).withStatementEvictions(0L))
        .hasMessage("statement evictions without statements");
    assertThatThrownBy(() -> complete.withStatementEvictions(-1L))
        .hasMessage("negative statement evictions: -1");
  }

  @Test
  void waitEventsAreMostSeenFirstAndAddOnlyAtOneInterval() {
    WaitEvents w =
        new WaitEvents(
            10,
            3,
            List.of(
                new WaitCount("IO:DataFileRead", 2),
                new WaitCount(WaitEvents.CPU, 5),
                new WaitCount("Client:ClientRead", 2)));
    assertThat(w.counts())
        .extracting(WaitCount::event)
        .containsExactly("CPU", "Client:ClientRead", "IO:DataFileRead");
    assertThat(w.top()).isEqualTo("CPU");
    assertThat(w.share("IO:DataFileRead")).isEqualTo(2.0 / 9);
    assertThat(w.count("Lock:tuple")).isZero();
    assertThat(w.plus(w).count("CPU")).isEqualTo(10);
    assertThatThrownBy(() -> w.plus(new WaitEvents(20, 1, List.of())))
        .hasMessage("wait events sampled every 10 ms and every 20 ms cannot be added");
    assertThatThrownBy(
            () -> new WaitEvents(10, 1, List.of(new WaitCount("CPU", 1), new WaitCount("CPU", 2))))
        .hasMessage("wait event CPU counted twice");
  }

  @Test
  void statementsWaitingOnLocksAreMostSeenFirstAndAddUp() {
    WaitEvents w =
        new WaitEvents(
            10,
            3,
            List.of(new WaitCount("Lock:tuple", 4)),
            List.of(new LockWaiter("UPDATE b", 1), new LockWaiter("UPDATE a", 3)));
    assertThat(w.lockWaiters())
        .extracting(LockWaiter::statement)
        .containsExactly("UPDATE a", "UPDATE b");
    assertThat(w.plus(w).lockWaiters())
        .containsExactly(new LockWaiter("UPDATE a", 6), new LockWaiter("UPDATE b", 2));
    assertThat(new WaitEvents(10, 3, List.of()).lockWaiters()).isEmpty();
    assertThatThrownBy(
            () ->
                new WaitEvents(
                    10, 1, List.of(), List.of(new LockWaiter("x", 1), new LockWaiter("x", 2))))
        .hasMessage("statement x counted twice among the lock waits");
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
