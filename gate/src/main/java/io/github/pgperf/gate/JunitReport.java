package io.github.pgperf.gate;

import java.io.StringWriter;
import java.util.Locale;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import javax.xml.transform.OutputKeys;
import javax.xml.transform.TransformerException;
import javax.xml.transform.TransformerFactory;
import javax.xml.transform.dom.DOMSource;
import javax.xml.transform.stream.StreamResult;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

/**
 * The report as a JUnit XML test suite ({@code TEST-pgperf-check.xml}), which Jenkins and GitLab
 * show: one test case per finding, failing ones with a {@code <failure>}, warnings as {@code
 * <skipped>} with the message (so they are visible but not failures).
 */
final class JunitReport {

  /** The suite's name. */
  static final String SUITE = "pgperf-check";

  private JunitReport() {}

  /** The XML text (UTF-8 declared). */
  static String of(CheckReport report) {
    try {
      Document doc = DocumentBuilderFactory.newInstance().newDocumentBuilder().newDocument();
      Element suite = doc.createElement("testsuite");
      doc.appendChild(suite);
      suite.setAttribute("name", SUITE);
      suite.setAttribute("tests", Integer.toString(report.findings().size()));
      suite.setAttribute("failures", Integer.toString(report.withAction(Action.FAIL).size()));
      suite.setAttribute("errors", "0");
      suite.setAttribute("skipped", Integer.toString(report.withAction(Action.WARN).size()));
      for (Finding f : report.findings()) {
        Element test = doc.createElement("testcase");
        test.setAttribute("classname", "pgperf." + f.key());
        test.setAttribute("name", (f.metric() == null ? "results" : f.metric().label()));
        test.setAttribute("time", "0");
        String title = f.verdict().text() + ": " + f.subject();
        if (f.action() == Action.FAIL) {
          Element failure = doc.createElement("failure");
          failure.setAttribute("type", f.verdict().text());
          failure.setAttribute("message", title);
          failure.setTextContent(Cells.message(f));
          test.appendChild(failure);
        } else if (f.action() == Action.WARN) {
          Element skipped = doc.createElement("skipped");
          skipped.setAttribute(
              "message", f.verdict().text().toLowerCase(Locale.ROOT) + ": " + Cells.message(f));
          test.appendChild(skipped);
        }
        Element out = doc.createElement("system-out");
        out.setTextContent(Cells.message(f));
        test.appendChild(out);
        suite.appendChild(test);
      }
      var transformer = TransformerFactory.newInstance().newTransformer();
      transformer.setOutputProperty(OutputKeys.INDENT, "yes");
      transformer.setOutputProperty(OutputKeys.ENCODING, "UTF-8");
      transformer.setOutputProperty("{http://xml.apache.org/xslt}indent-amount", "2");
      StringWriter text = new StringWriter();
      transformer.transform(new DOMSource(doc), new StreamResult(text));
      return text + (text.toString().endsWith("\n") ? "" : "\n");
    } catch (ParserConfigurationException | TransformerException e) {
      throw new IllegalStateException("the JDK's XML support failed", e);
    }
  }
}
