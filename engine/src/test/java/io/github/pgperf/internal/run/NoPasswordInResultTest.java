package io.github.pgperf.internal.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.pgperf.internal.connect.ConnectionSpec;
import io.github.pgperf.internal.output.TextReport;
import io.github.pgperf.result.ResultJson;
import io.github.pgperf.result.RunResult;
import io.github.pgperf.result.Target;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** A run to a server with a password keeps it out of its result, JSON and report. */
class NoPasswordInResultTest {

  @Test
  void noPasswordCanAppearInAResult() {
    ConnectionSpec spec =
        new ConnectionSpec(
            "db.example", 5433, "alice", "bench", "s3cret-Passw0rd", Duration.ofSeconds(5));
    RunResult sample = SampleResults.run(1, 1, 10);
    RunResult r = sample.withTarget(spec.target());
    assertThat(r.target()).isEqualTo(new Target("db.example", 5433, "alice", "bench"));
    assertThat(ResultJson.toJson(r))
        .doesNotContain("s3cret")
        .doesNotContainIgnoringCase("password");
    assertThat(String.join("\n", TextReport.lines(r))).doesNotContain("s3cret");
    assertThat(r.toString()).doesNotContain("s3cret");
  }
}
