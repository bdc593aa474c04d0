import io.github.pgperf.gate.Baseline;
import io.github.pgperf.gate.GateSettings;
import io.github.pgperf.gate.ResultFiles;
import io.github.pgperf.report.HtmlReport;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;

/**
 * Writes the HTML report of a results directory against a baseline results directory, with the
 * gate's default settings, as pgperf:report would: {@code java -cp <gate classes>:<pgperf.jar>
 * bench/RenderReport.java RESULTS BASELINE_RESULTS OUTPUT_DIR}. Used by report-screenshot.sh.
 */
public class RenderReport {
  public static void main(String[] args) throws Exception {
    GateSettings settings =
        new GateSettings(
            GateSettings.DEFAULT_LEVEL,
            GateSettings.DEFAULT_MINIMUM_EFFECT,
            GateSettings.DEFAULT_METRICS,
            Map.of());
    Path file =
        HtmlReport.write(
            Path.of(args[2]),
            ResultFiles.read(Path.of(args[0])),
            Baseline.fromResults(Path.of(args[1])),
            null,
            settings,
            Instant.now());
    System.out.println(file);
  }
}
