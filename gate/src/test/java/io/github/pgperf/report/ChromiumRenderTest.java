package io.github.pgperf.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The report opened from disk in headless Chromium with no network: it renders (every chart's paths
 * and dots have a size on screen), asks for nothing (no CSP violation or error in the console), and
 * looks like a report (a screenshot with the charts' colours, saved under target/).
 */
class ChromiumRenderTest {

  private static final Path OUT = Path.of("target", "pgperf-report-test");

  @TempDir static Path dir;
  private static Chromium chromium;
  private static Path report;
  private static String html;

  @BeforeAll
  static void writeReport() throws IOException {
    chromium = Chromium.find();
    ReportFixtures.representative(dir);
    html = ReportFixtures.render(dir.resolve("results"), dir.resolve("baseline"));
    Files.createDirectories(OUT);
    report = OUT.resolve("report.html");
    Files.writeString(report, html, StandardCharsets.UTF_8);
  }

  @Test
  void everyChartDrawsOnScreen() throws Exception {
    everyChartDraws(chromium, dir, html, "probed", 20);
  }

  /**
   * Opens a copy of {@code page} with a probe script appended (its policy allows inline script,
   * nothing else): it measures what the browser laid out and writes it into the page for
   * --dump-dom. Every path, dot and chart of the page must have a size on screen.
   */
  static void everyChartDraws(Chromium chromium, Path dir, String html, String name, int leastPaths)
      throws Exception {
    String probe =
        "<script>(function(){var paths=document.querySelectorAll('svg path');"
            + "var drawn=0;paths.forEach(function(p){var b=p.getBBox();"
            + "if(p.getTotalLength()>0&&(b.width>0||b.height>0))drawn++;});"
            + "var dots=document.querySelectorAll('svg circle');var dotsDrawn=0;"
            + "dots.forEach(function(c){if(c.getBBox().width>0)dotsDrawn++;});"
            + "var svgs=document.querySelectorAll('svg');var shown=0;"
            + "svgs.forEach(function(s){var r=s.getBoundingClientRect();if(r.width>300&&r.height>80)shown++;});"
            + "var o=document.createElement('pre');o.id='probe';o.textContent='paths='+paths.length"
            + "+' drawn='+drawn+' dots='+dots.length+' dotsDrawn='+dotsDrawn+' svgs='+svgs.length"
            + "+' shown='+shown;document.body.appendChild(o);})();</script>";
    String probed =
        html.replace(
                "style-src 'unsafe-inline';",
                "style-src 'unsafe-inline'; script-src 'unsafe-inline';")
            .replace("</body>", probe + "</body>");
    Path page = dir.resolve(name + ".html");
    Files.writeString(page, probed, StandardCharsets.UTF_8);

    Chromium.Output out = chromium.run(page, dir.resolve("profile-" + name), "--dump-dom");

    assertThat(out.exitCode()).isZero();
    assertThat(out.console()).as("console messages").isEmpty();
    Matcher m =
        Pattern.compile(
                "paths=(\\d+) drawn=(\\d+) dots=(\\d+) dotsDrawn=(\\d+) svgs=(\\d+)"
                    + " shown=(\\d+)")
            .matcher(out.stdout());
    assertThat(m.find())
        .as(
            "probe output in %s",
            out.stdout().length() > 300 ? out.stdout().substring(0, 300) : out.stdout())
        .isTrue();
    int paths = Integer.parseInt(m.group(1));
    assertThat(paths).isEqualTo(HtmlReportTest.count(html, "<path "));
    assertThat(paths).isGreaterThan(leastPaths);
    assertThat(Integer.parseInt(m.group(2))).isEqualTo(paths);
    int dots = Integer.parseInt(m.group(3));
    assertThat(dots).isEqualTo(HtmlReportTest.count(html, "<circle "));
    assertThat(Integer.parseInt(m.group(4))).isEqualTo(dots);
    int svgs = Integer.parseInt(m.group(5));
    assertThat(svgs).isEqualTo(HtmlReportTest.count(html, "<svg "));
    assertThat(Integer.parseInt(m.group(6))).isEqualTo(svgs);
  }

  @Test
  void theReportAsWrittenRendersWithoutRequestsIntoAScreenshot() throws Exception {
    Path png = OUT.resolve("report.png").toAbsolutePath();
    Files.deleteIfExists(png);

    Chromium.Output out =
        chromium.run(
            report.toAbsolutePath(),
            dir.resolve("profile-shot"),
            "--screenshot=" + png,
            "--window-size=1360,2400",
            "--hide-scrollbars");

    assertThat(out.exitCode()).isZero();
    assertThat(out.console()).as("console messages (a request would be a CSP violation)").isEmpty();
    BufferedImage image = ImageIO.read(png.toFile());
    assertThat(image.getWidth()).isEqualTo(1360);
    // The charts' colours are on screen: the candidate's and tps blue, the baseline's grey.
    assertThat(pixels(image, 0x0072B2)).isGreaterThan(200);
    assertThat(pixels(image, 0x6B6B6B)).isGreaterThan(50);
  }

  @Test
  void theDatabaseWorkRendersAndFitsANarrowScreen() throws Exception {
    // A test whose plan changed and whose SELECT reads fifty times the blocks, against a baseline.
    Path work = dir.resolve("work");
    WorkReportFixtures.baseline(
        work.resolve("store"), "AccountsIT-lookup", 3, 2, WorkReportFixtures.Build.usual(), 100);
    WorkReportFixtures.trials(
        work.resolve("results"),
        "AccountsIT-lookup",
        3,
        WorkReportFixtures.Build.usual()
            .blocks(150)
            .plan(WorkReportFixtures.SEQ_PLAN)
            .extra(
                java.util.stream.IntStream.rangeClosed(1, 12)
                    .mapToObj(
                        i ->
                            "SELECT count(*) FROM \"<table "
                                + i
                                + ">\" WHERE note = 'a & b'"
                                + " AND id IN (SELECT id FROM other_table_with_a_long_name WHERE x > 1)")
                    .toList()),
        200);
    String page = ReportFixtures.render(work.resolve("results"), work.resolve("store"));
    Path file = OUT.resolve("work-report.html");
    Files.writeString(file, page, StandardCharsets.UTF_8);
    // The widest the page gets on a 412 px screen, measured by the browser.
    String probe =
        "<script>(function(){var o=document.createElement('pre');o.id='probe';"
            + "o.textContent='scroll='+document.documentElement.scrollWidth+' inner='"
            + "+window.innerWidth;document.body.appendChild(o);})();</script>";
    Path probed = dir.resolve("work-probed.html");
    Files.writeString(
        probed,
        page.replace(
                "style-src 'unsafe-inline';",
                "style-src 'unsafe-inline'; script-src 'unsafe-inline';")
            .replace("</body>", probe + "</body>"),
        StandardCharsets.UTF_8);

    Path png = OUT.resolve("work-report.png").toAbsolutePath();
    Files.deleteIfExists(png);
    Chromium.Output shot =
        chromium.run(
            file.toAbsolutePath(),
            dir.resolve("profile-work"),
            "--screenshot=" + png,
            "--window-size=1360,6000",
            "--hide-scrollbars");
    Chromium.Output narrow =
        chromium.run(probed, dir.resolve("profile-narrow"), "--dump-dom", "--window-size=412,900");

    assertThat(shot.exitCode()).isZero();
    assertThat(shot.console()).as("console messages").isEmpty();
    BufferedImage image = ImageIO.read(png.toFile());
    // The wait bars' second colour (Lock:transactionid) and the changed plan's highlight.
    assertThat(pixels(image, 0xE69F00)).isGreaterThan(500);
    assertThat(pixels(image, 0xFFF1D6)).isGreaterThan(500);
    Matcher m = Pattern.compile("scroll=(\\d+) inner=(\\d+)").matcher(narrow.stdout());
    assertThat(m.find()).as("probe output").isTrue();
    assertThat(Integer.parseInt(m.group(1)))
        .as("page width on a 412 px screen")
        .isLessThanOrEqualTo(Integer.parseInt(m.group(2)));
  }

  @Test
  void aPageThatAsksForSomethingIsCaught() throws Exception {
    // The check above can fail: the same policy, one image from the network.
    Path page = dir.resolve("asks.html");
    Files.writeString(
        page,
        "<!DOCTYPE html><html><head><meta http-equiv=\"Content-Security-Policy\""
            + " content=\""
            + ReportPage.POLICY
            + "\"></head><body><img src=\"http://127.0.0.1:9/x.png\">"
            + "</body></html>",
        StandardCharsets.UTF_8);

    Chromium.Output out = chromium.run(page, dir.resolve("profile-asks"), "--dump-dom");

    assertThat(out.console()).anyMatch(line -> line.contains("Content Security Policy"));
  }

  private static int pixels(BufferedImage image, int rgb) {
    int n = 0;
    for (int y = 0; y < image.getHeight(); y++) {
      for (int x = 0; x < image.getWidth(); x++) {
        if ((image.getRGB(x, y) & 0xFFFFFF) == rgb) {
          n++;
        }
      }
    }
    return n;
  }
}
