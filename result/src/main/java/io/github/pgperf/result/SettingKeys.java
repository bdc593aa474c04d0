package io.github.pgperf.result;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.apiguardian.api.API;

/**
 * The {@code pgperf.*} keys the JUnit extension reads, where both the extension and the Maven
 * plugin see them: the plugin forwards to the test JVM only these (and warns about any other {@code
 * pgperf.*} property that is not its own), the extension warns about any other it is given. A test
 * of the extension checks that these lists equal the options it declares. JDK only.
 */
@API(status = INTERNAL, since = "0.1.0")
public final class SettingKeys {

  public static final String PREFIX = "pgperf.";

  /** Read once for the whole run: {@code pgperf.<name>} only. */
  public static final Set<String> RUN =
      Set.of("results", "serverCounters", "waitSampling", "installExtensions");

  /**
   * Set by the plugin for the test JVM, not by users: the build and trial a run belongs to, and
   * {@code pgperf:compare}'s slices and shared server.
   */
  public static final Set<String> HAND_OVER =
      Set.of(
          "build",
          "trial",
          "slice.duration",
          "slice.warmup",
          "sharedServer.provider",
          "sharedServer.settings",
          "sharedServer.reason");

  /**
   * A test class's server and tables ({@code @PgPerfTest}): {@code pgperf.<name>} and {@code
   * pgperf.<TestClass>.<name>}.
   */
  public static final Set<String> CLASS =
      Set.of(
          "provider",
          "postgresVersion",
          "image",
          "settings",
          "scale",
          "fillfactor",
          "partitions",
          "partitionMethod",
          "unloggedTables",
          "foreignKeys",
          "serverSideGenerate",
          "schema",
          "pgbenchSchema",
          "url",
          "user",
          "passwordFile",
          "connectTimeout");

  /**
   * A test method's declared load and thresholds ({@code @Load}, the threshold annotations,
   * {@code @ClientSweep}): {@code pgperf.<name>}, {@code pgperf.<TestClass>.<name>} and {@code
   * pgperf.<TestClass>.<method>.<name>}.
   */
  public static final Set<String> TEST =
      Set.of(
          "builtin",
          "script",
          "scriptFile",
          "clients",
          "threads",
          "duration",
          "transactionsPerClient",
          "rate",
          "latencyLimit",
          "queryMode",
          "maxTries",
          "warmup",
          "vacuum",
          "define",
          "label",
          "thresholds",
          "clientSweep");

  /** Old names still read, each with a warning naming its replacement. */
  public static final Map<String, String> DEPRECATED = Map.of("resultsDirectory", "results");

  private SettingKeys() {}

  /** Every key the extension reads in its run-wide form, {@code pgperf.<name>}, sorted. */
  public static Set<String> global() {
    Set<String> keys = new TreeSet<>();
    for (Set<String> names : List.of(RUN, HAND_OVER, CLASS, TEST)) {
      names.forEach(n -> keys.add(PREFIX + n));
    }
    return keys;
  }

  /**
   * Whether the extension reads {@code key}: a run-wide key, a deprecated one, or a class's or
   * method's own form of a key ({@code pgperf.<TestClass>[.<method>].<name>}).
   */
  public static boolean isExtensionKey(String key) {
    if (!key.startsWith(PREFIX)) {
      return false;
    }
    String name = key.substring(PREFIX.length());
    if (global().contains(key) || DEPRECATED.containsKey(name)) {
      return true;
    }
    String[] parts = name.split("\\.", -1);
    for (int i = 0; i < parts.length - 1; i++) {
      if (!isIdentifier(parts[i])) {
        return false;
      }
    }
    String last = parts[parts.length - 1];
    return parts.length == 2 && (CLASS.contains(last) || TEST.contains(last))
        || parts.length == 3 && TEST.contains(last);
  }

  /** The replacement of a deprecated key, if {@code key} is one. */
  public static Optional<String> replacement(String key) {
    return key.startsWith(PREFIX)
        ? Optional.ofNullable(DEPRECATED.get(key.substring(PREFIX.length()))).map(n -> PREFIX + n)
        : Optional.empty();
  }

  /**
   * The warning for a {@code pgperf.*} key nobody reads, with the nearest of {@code known} keys
   * (and of this key's class or method form) when one is close: {@code unknown property
   * pgperf.duraton; did you mean pgperf.duration?}.
   */
  public static String unknown(String key, Collection<String> known) {
    return "unknown property "
        + key
        + nearest(key, known).map(k -> "; did you mean " + k + "?").orElse("");
  }

  /** The nearest known key by edit distance, if it is close enough to be a likely typo. */
  static Optional<String> nearest(String key, Collection<String> known) {
    Set<String> candidates = new TreeSet<>(known);
    String[] parts =
        key.startsWith(PREFIX) ? key.substring(PREFIX.length()).split("\\.", -1) : new String[0];
    String name = parts.length == 0 ? "" : parts[parts.length - 1];
    if (parts.length == 3 && CLASS.contains(name)) {
      // pgperf.MyTest.lookup.scale: a class's setting given to a method.
      return Optional.of(PREFIX + parts[0] + "." + name);
    }
    if (parts.length == 2 || parts.length == 3) {
      // pgperf.MyTest.lookup.duraton: the same scope with a name it takes.
      String scope = key.substring(0, key.lastIndexOf('.') + 1);
      TEST.forEach(n -> candidates.add(scope + n));
      if (parts.length == 2) {
        CLASS.forEach(n -> candidates.add(scope + n));
      }
    }
    candidates.remove(key);
    String best = null;
    int bestDistance = Integer.MAX_VALUE;
    for (String candidate : candidates) {
      int d = distance(key, candidate);
      if (d < bestDistance) {
        best = candidate;
        bestDistance = d;
      }
    }
    // Past a third of the name it is another word, not a typo.
    return best != null && bestDistance <= Math.max(2, name.length() / 3)
        ? Optional.of(best)
        : Optional.empty();
  }

  /** Levenshtein distance, case-insensitive (a key's case is a typo too). */
  static int distance(String a, String b) {
    String x = a.toLowerCase(java.util.Locale.ROOT);
    String y = b.toLowerCase(java.util.Locale.ROOT);
    int[] previous = new int[y.length() + 1];
    int[] current = new int[y.length() + 1];
    for (int j = 0; j <= y.length(); j++) {
      previous[j] = j;
    }
    for (int i = 1; i <= x.length(); i++) {
      current[0] = i;
      for (int j = 1; j <= y.length(); j++) {
        int substitution = previous[j - 1] + (x.charAt(i - 1) == y.charAt(j - 1) ? 0 : 1);
        current[j] = Math.min(substitution, Math.min(previous[j], current[j - 1]) + 1);
      }
      int[] swap = previous;
      previous = current;
      current = swap;
    }
    return previous[y.length()];
  }

  private static boolean isIdentifier(String part) {
    if (part.isEmpty() || !Character.isJavaIdentifierStart(part.charAt(0))) {
      return false;
    }
    return part.chars().allMatch(Character::isJavaIdentifierPart);
  }
}
