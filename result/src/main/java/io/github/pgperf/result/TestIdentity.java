package io.github.pgperf.result;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import org.apiguardian.api.API;

/**
 * Which test ran a run: what the regression gate and the report group results by. File names carry
 * the same text ({@link #key}), but only as a convenience: a renamed file still belongs to its
 * test.
 *
 * @param className the test class's canonical name ({@code com.acme.OrdersIT}, {@code
 *     com.acme.Outer.Inner} for a nested class)
 * @param method the test method's name; {@code null} for a runner injected where there is no method
 *     (a constructor under the per-class lifecycle)
 * @param displayName the test's display name as JUnit shows it ({@code insert()}, {@code
 *     clients=8}, {@code [2] 16}); {@code null} when there is no method
 * @param sweep the sweep parameters of the point this run belongs to ({@code {"clients": 8}} for a
 *     {@code @ClientSweep} point), empty outside a sweep
 */
@API(status = EXPERIMENTAL, since = "0.1.0")
public record TestIdentity(
    String className, String method, String displayName, Map<String, Integer> sweep) {

  /** The sweep parameter of a {@code @ClientSweep} point. */
  public static final String CLIENTS = "clients";

  public TestIdentity {
    Objects.requireNonNull(className, "className");
    if (className.isBlank()) {
      throw new IllegalArgumentException("a test class name must not be blank");
    }
    // Sorted, so that equal identities write equal JSON.
    sweep = sweep == null ? Map.of() : Collections.unmodifiableMap(new TreeMap<>(sweep));
  }

  /**
   * The test key: {@code <Class>[-<method>][-<label>]}, the class by its simple name, every part
   * {@linkplain #sanitize sanitized}. Baselines are stored under it and result files are named
   * after it, so it must not change from one pgperf version to the next.
   *
   * @param label the run's label ({@link RunSettings#label()}), {@code null} for none
   */
  public String key(String label) {
    StringBuilder key = new StringBuilder(sanitize(simpleName()));
    if (method != null) {
      key.append('-').append(sanitize(method));
    }
    if (label != null) {
      key.append('-').append(sanitize(label));
    }
    return key.toString();
  }

  /**
   * The key of the sweep this run is a point of: {@link #key} of the label the sweep was declared
   * with, that is the run's label without the {@link #pointLabel point's part}; {@code null} when
   * the run is not a sweep point.
   */
  public String sweepKey(String label) {
    Integer clients = sweep.get(CLIENTS);
    if (clients == null) {
      return null;
    }
    String point = CLIENTS + "-" + clients;
    String declared = label;
    if (label != null && label.equals(point)) {
      declared = null;
    } else if (label != null && label.endsWith("-" + point)) {
      declared = label.substring(0, label.length() - point.length() - 1);
    }
    return key(declared);
  }

  /**
   * The label of a {@code @ClientSweep} point: {@code clients-N}, after the declared label and a
   * {@code -} when there is one. Each point has its own label, so that each has its own test key.
   */
  public static String pointLabel(String declaredLabel, int clients) {
    String point = CLIENTS + "-" + clients;
    return declaredLabel == null ? point : declaredLabel + "-" + point;
  }

  /**
   * The class name without its package and enclosing classes (what {@code getSimpleName} gives).
   */
  public String simpleName() {
    return className.substring(className.lastIndexOf('.') + 1);
  }

  /**
   * A key part with characters that are safe in file names on every system: anything but letters,
   * digits, {@code .}, {@code _} and {@code -} becomes {@code _}.
   */
  public static String sanitize(String part) {
    String s = part.replaceAll("[^A-Za-z0-9._-]", "_");
    // A leading dot would hide the file; an empty part would leave a dangling separator.
    return s.isEmpty() || s.startsWith(".") ? "_" + s : s;
  }
}
