package io.github.pgperf.report;

import java.util.ArrayList;
import java.util.List;

/** Client sweeps: a table and tps and latency charts by number of clients for each. */
final class SweepSection {

  private SweepSection() {}

  static String html(List<Sweep> sweeps) {
    StringBuilder out = new StringBuilder("<section id=\"sweeps\"><h2>By number of clients</h2>");
    if (sweeps.isEmpty()) {
      out.append(
          "<p class=\"note\">No client sweep: no test ran at several client counts (name"
              + " runs of one workload <code>…-clients-N</code> to compare them here).</p>");
      return out.append("</section>").toString();
    }
    for (Sweep s : sweeps) {
      out.append("<h3>").append(Html.text(s.name())).append("</h3>");
      int n = s.points().size();
      double[] clients = new double[n];
      double[] tps = new double[n];
      double[] p50 = new double[n];
      double[] p99 = new double[n];
      double[] mean = new double[n];
      List<List<String>> rows = new ArrayList<>();
      for (int i = 0; i < n; i++) {
        Sweep.Point p = s.points().get(i);
        clients[i] = p.clients();
        tps[i] = p.tps();
        p50[i] = p.latency().percentileMicros(50) / 1000.0;
        p99[i] = p.latency().percentileMicros(99) / 1000.0;
        mean[i] = p.latency().meanMicros() / 1000;
        rows.add(
            List.of(
                Integer.toString(p.clients()),
                Integer.toString(p.trials()),
                Html.tps(p.tps()),
                Html.millis(p.latency().meanMicros()),
                Html.millis(p.latency().percentileMicros(50)),
                Html.millis(p.latency().percentileMicros(99)),
                Long.toString(p.failed())));
      }
      out.append("<div class=\"charts\">");
      out.append(
          new LineChart(
                  s.name() + ": tps by clients",
                  LineChart.Axis.linear("clients"),
                  LineChart.Axis.linear("tps (median of trials)"),
                  List.of(new LineChart.Series("tps", Palette.TPS, clients, tps, true, false)))
              .html());
      out.append(
          new LineChart(
                  s.name() + ": latency by clients",
                  LineChart.Axis.linear("clients"),
                  LineChart.Axis.linear("latency, ms"),
                  List.of(
                      new LineChart.Series("p50", Palette.P50, clients, p50, true, false),
                      new LineChart.Series("mean", Palette.MEAN, clients, mean, true, false),
                      new LineChart.Series("p99", Palette.P99, clients, p99, true, false)))
              .html());
      out.append("</div>");
      out.append(
          new Table(
                  s.name()
                      + " by clients (tps: median of trials; latency in ms, all"
                      + " trials' transactions)",
                  List.of("clients", "trials", "tps", "mean", "p50", "p99", "failed"),
                  rows)
              .html());
    }
    return out.append("</section>").toString();
  }
}
