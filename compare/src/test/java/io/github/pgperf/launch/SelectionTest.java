package io.github.pgperf.launch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.pgperf.launch.LauncherChoice.Coordinates;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The small parsers and choices of pgperf:test. */
class SelectionTest {

  @Test
  void classPatternsMatchSimpleOrQualifiedNames() {
    List<String> regexes =
        new TestSelection(
                List.of(), List.of(), List.of("Orders*", "com.shop.*IT", "Specimens$Fast"), 1)
            .classRegexes();
    assertThat("com.shop.OrdersPerfTest").matches(regexes.get(0));
    assertThat("OrdersPerfTest").matches(regexes.get(0));
    assertThat("com.shop.Outer$OrdersPerfTest").matches(regexes.get(0));
    assertThat("com.shop.MyOrdersPerfTest").doesNotMatch(regexes.get(0));
    assertThat("com.shop.CartIT").matches(regexes.get(1));
    assertThat("com.shopping.CartIT").doesNotMatch(regexes.get(1));
    assertThat("io.github.pgperf.launch.Specimens$Fast").matches(regexes.get(2));
  }

  @Test
  void trialsMustBePositive() {
    assertThatThrownBy(() -> new TestSelection(List.of(), List.of(), List.of(), 0))
        .hasMessage("pgperf.trials must be at least 1, not 0");
  }

  @Test
  void commaSeparatedListsAreTrimmed() {
    assertThat(TestSelection.list(" performance , slow,,")).containsExactly("performance", "slow");
    assertThat(TestSelection.list(null)).isEmpty();
  }

  @Test
  void argLinesSplitLikeAShell() {
    assertThat(ArgLine.split("-Xmx1g  -Dname=\"a b\" '-Dother=c d' -XX:+UseSerialGC"))
        .containsExactly("-Xmx1g", "-Dname=a b", "-Dother=c d", "-XX:+UseSerialGC");
    assertThat(ArgLine.split("  ")).isEmpty();
    assertThatThrownBy(() -> ArgLine.split("-Dx=\"open")).hasMessageContaining("unclosed \"");
  }

  @Test
  void forkArgumentsSurviveTheRoundTrip() {
    ForkArguments a =
        new ForkArguments(
            Path.of("/p/test classes"),
            List.of("performance"),
            List.of("slow"),
            List.of("(?:.*[.$])?\\QOrders\\E.*"),
            "",
            5,
            1,
            Path.of("/p/e.tsv"),
            Path.of("/p/t.txt"),
            false);
    assertThat(ForkArguments.parse(a.toArgs().toArray(new String[0]))).isEqualTo(a);
    assertThatThrownBy(() -> ForkArguments.parse(new String[] {"--trials"}))
        .hasMessage("no value after --trials");
  }

  @Test
  void eventFieldsKeepTabsAndNewlines() {
    String s = "a\tb\nc\\d\re";
    assertThat(Events.unescape(Events.escape(s))).isEqualTo(s);
    assertThat(Events.escape(s)).doesNotContain("\t", "\n", "\r");
  }

  @Test
  void theLauncherFollowsTheProjectsEngine() {
    Coordinates engine6 = new Coordinates("org.junit.platform", "junit-platform-engine", "6.1.3");
    Coordinates launcher =
        new Coordinates("org.junit.platform", "junit-platform-launcher", "1.13.4");
    Coordinates other = new Coordinates("org.postgresql", "postgresql", "42.7.14");

    assertThat(LauncherChoice.choose(List.of(other, engine6), "1.14.4").version())
        .contains("6.1.3");
    assertThat(LauncherChoice.choose(List.of(engine6, launcher), "1.14.4").version()).isEmpty();
    assertThat(LauncherChoice.choose(List.of(other), "1.14.4").version()).contains("1.14.4");
    assertThat(LauncherChoice.choose(List.of(other), "1.14.4").reason())
        .contains("no junit-platform-engine");
    assertThat(LauncherChoice.choose(List.of(other), "1.14.4").hasEngine()).isFalse();
    assertThat(LauncherChoice.choose(List.of(other, engine6), "1.14.4").hasEngine()).isTrue();
    assertThat(LauncherChoice.choose(List.of(), "1.14.4").version())
        .isEqualTo(Optional.of("1.14.4"));
  }
}
