package io.github.pgperf.report;

import io.github.pgperf.gate.CheckReport;
import io.github.pgperf.gate.Headline;
import io.github.pgperf.gate.ResultFiles;
import io.github.pgperf.result.ClientMachine;
import io.github.pgperf.result.Latencies;
import io.github.pgperf.result.RunResult;
import io.github.pgperf.result.ServerInfo;
import io.github.pgperf.result.Target;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The page: head with the strict Content-Security-Policy and the style sheet, the header (what was
 * compared, the check's outcome, the setup), the summary of tests, then the sections.
 */
final class ReportPage {

  /**
   * Nothing may be fetched: no script, no font, no image but inline data. A report that tried would
   * show an error in the browser's console, which the report's test looks for.
   */
  static final String POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src data:";

  private final ResultFiles results;
  private final List<TestRuns> tests;
  private final List<TestRuns> baseTests;
  private final List<String> notes;
  private final Against against;
  private final CheckReport check;
  private final Instant generatedAt;
  private final HistoryCharts history;

  /**
   * @param results the results judged (this build's, or the candidate's in a comparison)
   * @param tests their runs
   * @param baseTests the base revision's runs in a comparison, else empty
   * @param notes files that could not be read again, said in the header
   * @param against the baseline or the base revision
   * @param check the verdicts; {@code null} when the baseline could not be read
   */
  ReportPage(
      ResultFiles results,
      List<TestRuns> tests,
      List<TestRuns> baseTests,
      List<String> notes,
      Against against,
      CheckReport check,
      Instant generatedAt) {
    this(results, tests, baseTests, notes, against, check, generatedAt, HistoryCharts.NONE);
  }

  /**
   * @param history the history's series judged with this build, drawn after the verdicts
   */
  ReportPage(
      ResultFiles results,
      List<TestRuns> tests,
      List<TestRuns> baseTests,
      List<String> notes,
      Against against,
      CheckReport check,
      Instant generatedAt,
      HistoryCharts history) {
    this.history = history;
    this.results = results;
    this.tests = List.copyOf(tests);
    this.baseTests = List.copyOf(baseTests);
    this.notes = List.copyOf(notes);
    this.against = against;
    this.check = check;
    this.generatedAt = generatedAt;
  }

  String html() {
    StringBuilder out = new StringBuilder(64 * 1024);
    out.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">")
        .append("<meta http-equiv=\"Content-Security-Policy\" content=\"")
        .append(POLICY)
        .append("\"><meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">")
        .append("<title>")
        .append(against.title())
        .append("</title><style>")
        .append(STYLE)
        .append("</style></head><body>");
    header(out);
    List<String> anchors = new ArrayList<>();
    for (int i = 0; i < tests.size(); i++) {
      anchors.add("test-" + (i + 1));
    }
    contents(out, anchors);
    setup(out);
    summary(out, anchors);
    if (against instanceof Against.TheBase b) {
      out.append(PairSection.html(check, b, results));
    } else if (against instanceof Against.TheBaseline b) {
      out.append(VerdictSection.html(check, b.baseline(), b.failure(), results));
    }
    out.append(HistorySection.html(history));
    out.append(SweepSection.html(Sweep.find(tests)));
    for (int i = 0; i < tests.size(); i++) {
      String key = tests.get(i).key();
      out.append(
          TestSection.html(
              tests.get(i),
              baseTests.stream().filter(b -> b.key().equals(key)).findFirst().orElse(null),
              anchors.get(i),
              against.samples(key),
              check == null
                  ? List.of()
                  : check.findings().stream().filter(f -> f.key().equals(key)).toList()));
    }
    out.append("<footer>Made by pgperf at ")
        .append(Html.text(generatedAt.toString()))
        .append(". How to read this report: docs/report.md.</footer>");
    return out.append("</body></html>\n").toString();
  }

  private void header(StringBuilder out) {
    out.append("<header><h1>").append(against.title()).append("</h1>");
    if (against instanceof Against.TheBase b) {
      // The pull request's line, as check.md and the log lead with it.
      out.append("<p class=\"lead\">")
          .append(Html.text(b.lead()))
          .append("</p><p>Base: <code>")
          .append(Html.text(b.results().directory().toString()))
          .append("</code><br>Candidate: <code>");
    } else {
      out.append("<p>Results: <code>");
    }
    out.append(Html.text(results.directory().toString())).append("</code>");
    if (!results.exists()) {
      out.append(
          " <strong class=\"verdict FAIL\">(the directory does not exist: run the"
              + " performance tests first)</strong>");
    }
    out.append("<br>Made at ").append(Html.text(generatedAt.toString())).append("</p>");
    if (check != null) {
      // Green only when everything was compared and passed: a page of warnings must not look
      // like a clean pass.
      Headline headline = check.headline();
      out.append("<p class=\"outcome verdict ")
          .append(headline.tone().name())
          .append("\">")
          .append(against.judge())
          .append(' ')
          .append(Html.text(headline.text()))
          .append("</p>");
    } else {
      out.append("<p class=\"outcome verdict FAIL\">No verdicts: ")
          .append(Html.text(against instanceof Against.TheBaseline b ? b.failure() : "none given"))
          .append("</p>");
    }
    if (tests.isEmpty()) {
      out.append("<p class=\"note\">No usable result file in this directory: nothing to draw.</p>");
    }
    for (ResultFiles.Problem p : results.problems()) {
      out.append("<p class=\"verdict FAIL\">")
          .append(Html.text(p.verdict().text()))
          .append(": ")
          .append(Html.text(p.message()))
          .append("</p>");
    }
    if (against instanceof Against.TheBase b) {
      for (ResultFiles.Problem p : b.results().problems()) {
        out.append("<p class=\"verdict FAIL\">")
            .append(Html.text(p.verdict().text()))
            .append(": base: ")
            .append(Html.text(p.message()))
            .append("</p>");
      }
    }
    for (String n : notes) {
      out.append("<p class=\"verdict FAIL\">").append(Html.text(n)).append("</p>");
    }
    out.append("</header>");
  }

  private void contents(StringBuilder out, List<String> anchors) {
    out.append("<nav><a href=\"#setup\">Setup</a> · <a href=\"#tests\">Tests</a> · ")
        .append("<a href=\"#")
        .append(against.anchor())
        .append("\">")
        .append(against.section())
        .append("</a> · ")
        .append("<a href=\"#sweeps\">By number of clients</a>");
    for (int i = 0; i < tests.size(); i++) {
      out.append(" · <a href=\"#")
          .append(anchors.get(i))
          .append("\">")
          .append(Html.text(tests.get(i).key()))
          .append("</a>");
    }
    out.append("</nav>");
  }

  /**
   * Servers, providers, targets and load machines in one compact table; each distinct one once,
   * naming its tests when they differ.
   */
  private void setup(StringBuilder out) {
    out.append("<section id=\"setup\"><h2>Setup</h2>");
    Map<ServerInfo, Set<String>> servers = new LinkedHashMap<>();
    Map<ClientMachine, Set<String>> machines = new LinkedHashMap<>();
    Map<Target, Set<String>> targets = new LinkedHashMap<>();
    Set<String> noServer = new TreeSet<>();
    List<TestRuns> all = new ArrayList<>(tests);
    all.addAll(baseTests);
    for (TestRuns t : all) {
      for (TestRuns.Trial trial : t.trials()) {
        RunResult r = trial.result();
        if (r.server() == null) {
          noServer.add(t.key());
        } else {
          servers.computeIfAbsent(r.server(), k -> new LinkedHashSet<>()).add(t.key());
        }
        for (ClientMachine m : r.clientMachines()) {
          machines.computeIfAbsent(m, k -> new LinkedHashSet<>()).add(t.key());
        }
        if (r.target() != null) {
          targets.computeIfAbsent(r.target(), k -> new LinkedHashSet<>()).add(t.key());
        }
      }
    }
    List<List<String>> rows = new ArrayList<>();
    servers.forEach(
        (s, keys) -> {
          String of = of(keys, servers.size());
          rows.add(List.of("PostgreSQL" + of, s.version()));
          rows.add(
              List.of(
                  "server settings" + of,
                  "fsync "
                      + s.fsync()
                      + " · synchronous_commit "
                      + s.synchronousCommit()
                      + " · full_page_writes "
                      + s.fullPageWrites()
                      + " · shared_buffers "
                      + s.sharedBuffers()
                      + " · max_connections "
                      + s.maxConnections()
                      + " · wal_level "
                      + s.walLevel()));
          rows.add(
              List.of(
                  "provider" + of,
                  (s.provider() == null
                          ? "not recorded (command line)"
                          : s.provider()
                              + (s.providerReason() == null ? "" : " (" + s.providerReason() + ")"))
                      + (s.providerSettings().isEmpty()
                          ? ""
                          : "; it changed " + new TreeMap<>(s.providerSettings()))));
        });
    if (!noServer.isEmpty()) {
      rows.add(List.of("PostgreSQL", "not recorded for " + String.join(", ", noServer)));
    }
    machines.forEach(
        (m, keys) ->
            rows.add(
                List.of(
                    "load machine" + of(keys, machines.size()),
                    "pgperf "
                        + m.pgperfVersion()
                        + ", "
                        + m.cores()
                        + " cores, "
                        + m.jvm()
                        + ", "
                        + m.os())));
    targets.forEach(
        (t, keys) ->
            rows.add(
                List.of(
                    "target" + of(keys, targets.size()),
                    t.host()
                        + ":"
                        + t.port()
                        + ", database "
                        + t.database()
                        + ", user "
                        + t.user())));
    out.append(new Table(null, List.of("what", "value"), rows).html());
    out.append("</section>");
  }

  private static String of(Set<String> keys, int distinct) {
    return distinct == 1 ? "" : " (" + String.join(", ", keys) + ")";
  }

  private void summary(StringBuilder out, List<String> anchors) {
    out.append("<section id=\"tests\"><h2>Tests</h2>");
    List<List<String>> rows = new ArrayList<>();
    // In a comparison each test's base row follows its candidate row: the sides read together.
    boolean sides = against instanceof Against.TheBase;
    List<TestRuns> listed = new ArrayList<>();
    List<String> sideNames = new ArrayList<>();
    for (TestRuns t : tests) {
      listed.add(t);
      sideNames.add("candidate");
      baseTests.stream()
          .filter(b -> b.key().equals(t.key()))
          .forEach(
              b -> {
                listed.add(b);
                sideNames.add("base");
              });
    }
    for (TestRuns b : baseTests) {
      if (tests.stream().noneMatch(t -> t.key().equals(b.key()))) {
        listed.add(b);
        sideNames.add("base");
      }
    }
    for (int i = 0; i < listed.size(); i++) {
      TestRuns t = listed.get(i);
      RunResult first = t.trials().get(0).result();
      Latencies l = t.latency();
      long failed = t.trials().stream().mapToLong(tr -> tr.result().totalCounts().failed()).sum();
      List<String> row =
          new ArrayList<>(
              List.of(
                  t.key(),
                  Integer.toString(t.trials().size()),
                  first.settings().transactionType(),
                  first.settings().clients() + "/" + first.settings().threads(),
                  TestSection.javaOnly(first.settings())
                      ? "-"
                      : first.settings().queryMode().name().toLowerCase(Locale.ROOT),
                  TestSection.length(first.settings().length()),
                  Html.tps(t.medianTps()),
                  Html.millis(l.percentileMicros(50)),
                  Html.millis(l.percentileMicros(99)),
                  Long.toString(failed),
                  t.hasTimeline() ? "yes" : "no"));
      if (sides) {
        row.add(1, sideNames.get(i));
      }
      rows.add(row);
    }
    List<String> headers =
        new ArrayList<>(
            List.of(
                "test",
                "trials",
                "script",
                "clients/threads",
                "mode",
                "length",
                "tps",
                "p50",
                "p99",
                "failed",
                "timeline"));
    if (sides) {
      headers.add(1, "side");
    }
    out.append(
        new Table("Tests (tps: median of trials; latency in ms over all trials)", headers, rows)
            .html());
    out.append("</section>");
  }

  private static final String STYLE =
      String.join(
          "\n",
          "body{font-family:system-ui,-apple-system,'Segoe UI',Roboto,'DejaVu Sans',sans-serif;",
          "margin:0 auto;max-width:1340px;padding:12px 20px;color:#1a1a1a;background:#fff;font-size:14px}",
          "h1{font-size:24px;margin:8px 0}h2{font-size:19px;border-bottom:1px solid #ccc;",
          "padding-bottom:3px;margin-top:28px}h3{font-size:16px;margin:16px 0 6px}",
          "code{font-family:ui-monospace,'DejaVu Sans Mono',monospace;font-size:13px}",
          "nav{margin:6px 0 10px;line-height:1.7}nav a{color:#0b5394}",
          "table{border-collapse:collapse;margin:8px 16px 8px 0;display:inline-table;vertical-align:top}",
          "caption{text-align:left;font-weight:600;padding:2px 0}",
          "th,td{border:1px solid #d0d0d0;padding:3px 7px;text-align:left}",
          "th{background:#f1f1f1}td.num{text-align:right;font-variant-numeric:tabular-nums}",
          ".charts{display:flex;flex-wrap:wrap;gap:8px 16px;align-items:flex-start}",
          "figure{margin:6px 0;max-width:640px}svg{background:#fff;max-width:100%;height:auto;overflow:visible}",
          ".grid{stroke:#e3e3e3;stroke-width:1}.frame{fill:none;stroke:#999}",
          ".tick{font-size:11px;fill:#444}.axis-label{font-size:12px;fill:#222}",
          ".chart-title{font-size:13px;font-weight:600;fill:#111}.row-label{font-size:12px;fill:#222}",
          ".no-data{font-size:14px;fill:#a00}",
          ".legend{list-style:none;padding:0;margin:2px 0 0 72px;display:flex;flex-wrap:wrap;gap:4px 14px}",
          ".swatch{display:inline-block;width:14px;height:4px;margin-right:5px;vertical-align:middle}",
          ".note{color:#5a4a00;background:#fff8dc;padding:4px 8px;border-left:3px solid #e0c000}",
          ".verdict.FAIL{color:#a40000}.verdict.WARN{color:#8a5a00}.verdict.PASS{color:#1d6b2a}",
          ".outcome{font-size:16px;font-weight:600}.findings li{margin:2px 0}",
          "tr.finding.FAIL td{background:#fde7e7;font-weight:600}tr.finding.WARN td{background:#fff8e1}",
          ".caption{color:#555;font-size:12px;margin:2px 0}details{margin:4px 0}summary{cursor:pointer}",
          "h4{font-size:14px;margin:12px 0 4px}.work{margin-top:10px}",
          ".wide{max-width:100%;overflow-x:auto}",
          "table.statements td.sql{max-width:46ch;overflow-wrap:anywhere}table.statements td.sql pre,",
          "details.plan pre,table.plan-diff pre{margin:2px 0;white-space:pre;font-size:12px}",
          "table.statements td.sql pre{white-space:pre-wrap}",
          ".was{color:#666;font-size:11px}.worse{color:#a40000;font-weight:700}",
          ".better{color:#1d6b2a;font-weight:700}.tag{font-size:11px;background:#fff8dc;",
          "border:1px solid #e0c000;padding:0 4px;white-space:nowrap}",
          "table.plan-diff td{vertical-align:top}table.plan-diff tr.differs td{background:#fff1d6}",
          "td.mark{font-weight:700;color:#a40000;text-align:center}",
          ".swatch.block{height:12px;width:12px}.unplanned{margin:4px 0;color:#444}",
          "details.plan pre{overflow-x:auto}h2,code{overflow-wrap:anywhere}",
          // On a phone a wide table scrolls by itself rather than widening the page.
          "@media (max-width:700px){body{padding:8px;font-size:13px}",
          "table{display:block;overflow-x:auto;max-width:100%}.legend{margin-left:0}}",
          ".lead{font-size:16px;font-weight:600}",
          "footer{margin:28px 0 8px;color:#666;font-size:12px}");
}
