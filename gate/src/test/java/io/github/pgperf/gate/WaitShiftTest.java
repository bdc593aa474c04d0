package io.github.pgperf.gate;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A wait event's share shifts when every trial lies beyond every baseline sample by 5 points. */
class WaitShiftTest {

  private static final List<Map<String, Double>> BASELINE =
      List.of(
          Map.of("CPU", 0.80, "Client:ClientRead", 0.16, "Lock:transactionid", 0.04),
          Map.of("CPU", 0.70, "Client:ClientRead", 0.22, "Lock:transactionid", 0.08),
          Map.of("CPU", 0.75, "Client:ClientRead", 0.25));

  @Test
  void sharesBeyondTheBaselinesSpreadShiftLargestFirst() {
    List<WaitShift> shifts =
        WaitShift.between(
            BASELINE,
            List.of(
                Map.of("CPU", 0.30, "Client:ClientRead", 0.10, "Lock:transactionid", 0.60),
                Map.of("CPU", 0.32, "Client:ClientRead", 0.06, "Lock:transactionid", 0.64)));

    // Client:ClientRead's 10% is 6 points below the baseline's least (16%): a shift too.
    assertThat(shifts)
        .extracting(WaitShift::text)
        .containsExactly(
            "Lock:transactionid 4% -> 62%", "CPU 75% -> 31%", "Client:ClientRead 21% -> 8%");
    assertThat(WaitShift.between(BASELINE, List.of(Map.of("Client:ClientRead", 0.10, "CPU", 0.90))))
        .extracting(WaitShift::event)
        .containsExactly("CPU", "Client:ClientRead");
  }

  @Test
  void sharesWithinTheSpreadOrTheFloorAreNoShift() {
    // CPU 0.66 is 4 points below the baseline's least (0.70): within the 5-point floor.
    assertThat(
            WaitShift.between(
                BASELINE,
                List.of(
                    Map.of("CPU", 0.66, "Client:ClientRead", 0.26, "Lock:transactionid", 0.08))))
        .isEmpty();
    // One trial inside the baseline's range: not every trial shows it.
    assertThat(
            WaitShift.between(
                BASELINE,
                List.of(
                    Map.of("CPU", 0.40, "Lock:transactionid", 0.50),
                    Map.of("CPU", 0.78, "Client:ClientRead", 0.22))))
        .isEmpty();
  }

  @Test
  void anEventNewOrGoneIsZeroOnTheOtherSide() {
    List<WaitShift> shifts =
        WaitShift.between(
            BASELINE,
            List.of(Map.of("CPU", 0.55, "Client:ClientRead", 0.2, "IO:DataFileRead", 0.25)));

    assertThat(shifts)
        .extracting(WaitShift::text)
        .containsExactly("IO:DataFileRead 0% -> 25%", "CPU 75% -> 55%");
  }

  @Test
  void atMostThreeAndNothingWithoutSamples() {
    List<Map<String, Double>> one = List.of(Map.of("A", 0.25, "B", 0.25, "C", 0.25, "D", 0.25));
    List<Map<String, Double>> other = List.of(Map.of("E", 0.4, "F", 0.3, "G", 0.2, "H", 0.1));

    assertThat(WaitShift.between(one, other))
        .extracting(WaitShift::event)
        .containsExactly("E", "F", "A");
    assertThat(WaitShift.between(List.of(), other)).isEmpty();
    assertThat(WaitShift.between(one, List.of())).isEmpty();
  }
}
