package io.github.pgperf.internal.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.pgperf.result.FailureKind;
import io.github.pgperf.result.Interval;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;

/**
 * The run's timeline: clients record on their own threads while its thread closes intervals under
 * them; nothing recorded is lost or counted twice, and each interval's counts agree with its
 * histogram (an interval whose count and histogram disagreed could not be encoded).
 */
class RunTimelineTest {

  private static final long INTERVAL = 1_000;

  @Test
  void everyTransactionIsInExactlyOneIntervalWhileIntervalsCloseUnderTheClients()
      throws InterruptedException {
    RunTimeline timeline = new RunTimeline(INTERVAL, 5_000);
    int clients = 4;
    int perClient = 300_000;
    List<IntervalRecorder> recorders = new ArrayList<>();
    for (int c = 0; c < clients; c++) {
      recorders.add(timeline.client());
    }
    long start = Clock.micros();
    timeline.start(start);
    CountDownLatch done = new CountDownLatch(clients);
    for (int c = 0; c < clients; c++) {
      IntervalRecorder recorder = recorders.get(c);
      int seed = c;
      Thread client =
          new Thread(
              () -> {
                for (int i = 0; i < perClient; i++) {
                  long latency = 1 + (i * 7919L + seed) % 20_000;
                  if (i % 1_000 == 999) {
                    recorder.failed(FailureKind.SERIALIZATION, 2);
                  } else if (i % 1_000 == 998) {
                    recorder.skipped();
                  } else {
                    recorder.processed(latency, i % 13, 1);
                  }
                }
                done.countDown();
              });
      client.start();
    }
    done.await();
    long end = Clock.micros() - start;
    timeline.finish(end);
    List<Interval> intervals = timeline.intervals();

    long processed = 0;
    long failed = 0;
    long skipped = 0;
    long late = 0;
    long next = 0;
    for (Interval interval : intervals) {
      assertThat(interval.startMicros()).isEqualTo(next);
      next += interval.lengthMicros();
      assertThat(interval.stats().latency().count())
          .isEqualTo(interval.stats().counts().processed());
      processed += interval.stats().counts().processed();
      failed += interval.stats().counts().serializationFailures();
      skipped += interval.stats().counts().skipped();
      late += interval.stats().counts().late();
    }
    long each = perClient / 1_000;
    assertThat(processed).isEqualTo(clients * (perClient - 2 * each));
    assertThat(failed).isEqualTo(clients * each);
    assertThat(skipped).isEqualTo(clients * each);
    assertThat(late).isPositive();
    assertThat(next).isEqualTo(end);
    // The recording spans several intervals on any machine: the test shows intervals closing
    // while clients record, not one collection at the end.
    assertThat(intervals).hasSizeGreaterThan(1);
  }

  @Test
  void aRunThatEndsOnABoundaryHasNoEmptyLastInterval() throws InterruptedException {
    RunTimeline timeline = new RunTimeline(INTERVAL, 0);
    IntervalRecorder client = timeline.client();
    client.processed(100, 0, 1);
    timeline.finish(3 * INTERVAL);
    assertThat(timeline.intervals())
        .extracting(Interval::startMicros)
        .containsExactly(0L, INTERVAL, 2 * INTERVAL);
    assertThat(timeline.intervals().get(0).stats().counts().processed()).isEqualTo(1);
  }

  @Test
  void intervalsTheThreadClosedAfterTheRunsEndAreCutAtTheEnd() throws InterruptedException {
    RunTimeline timeline = new RunTimeline(INTERVAL, 0);
    IntervalRecorder client = timeline.client();
    // Recorded before the thread starts, so it is in the first interval however late this thread
    // is scheduled: a busy machine once delayed it past the third boundary, into an interval after
    // the end, where no client of a real run records.
    client.processed(100, 0, 1);
    long start = Clock.micros();
    timeline.start(start);
    // The run's end is read at 1.5 intervals; the thread goes on closing intervals until finish.
    Clock.sleepUntil(start + 8 * INTERVAL);
    timeline.finish(INTERVAL + INTERVAL / 2);
    List<Interval> intervals = timeline.intervals();
    assertThat(intervals).extracting(Interval::startMicros).containsExactly(0L, INTERVAL);
    assertThat(intervals.get(1).lengthMicros()).isEqualTo(INTERVAL / 2);
    assertThat(intervals.stream().mapToLong(i -> i.stats().counts().processed()).sum())
        .isEqualTo(1);
  }

  @Test
  void anAbandonedTimelineStopsItsThread() throws InterruptedException {
    RunTimeline timeline = new RunTimeline(INTERVAL, 0);
    timeline.client();
    timeline.start(Clock.micros());
    timeline.abandon();
    long deadline = System.nanoTime() + 5_000_000_000L;
    while (timelineThreadAlive() && System.nanoTime() < deadline) {
      Thread.sleep(10);
    }
    assertThat(timelineThreadAlive()).isFalse();
  }

  private static boolean timelineThreadAlive() {
    return Thread.getAllStackTraces().keySet().stream()
        .anyMatch(t -> t.getName().equals("pgperf-timeline") && t.isAlive());
  }
}
