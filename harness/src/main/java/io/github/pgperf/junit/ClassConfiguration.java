package io.github.pgperf.junit;

import io.github.pgperf.internal.provision.ServerRequest;
import io.github.pgperf.internal.provision.ServerSettings;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;

/**
 * What one test class asks for, resolved by {@link Levels}: {@code pgperf.<TestClass>.<name>}, then
 * {@code pgperf.<name>}, then the annotation, then the defaults (the annotation's own).
 *
 * @param schema the class's own schema asked for, or {@code null} for its default
 */
record ClassConfiguration(ServerRequest server, InitRequest init, String schema) {

  /**
   * @param annotation the class's annotation, or {@code null} when the extension was registered
   *     without it (then the annotation's defaults apply)
   * @param env the environment, for {@code PGPERF_URL} and {@code PGPERF_PASSWORD_FILE}
   */
  static ClassConfiguration resolve(PgPerfTest annotation, Levels at, Map<String, String> env) {
    PgPerfTest a = annotation == null ? Defaults.ANNOTATION : annotation;
    Resolver r = new Resolver(at);
    String url = at.configured(Options.URL).orElseGet(() -> blankToNull(env.get("PGPERF_URL")));
    Path passwordFile =
        at.configured(Options.PASSWORD_FILE)
            .orElseGet(
                () -> {
                  String file = blankToNull(env.get("PGPERF_PASSWORD_FILE"));
                  try {
                    return file == null ? null : Options.PASSWORD_FILE.parser().apply(file);
                  } catch (IllegalArgumentException e) {
                    throw new ExtensionConfigurationException(
                        "environment variable PGPERF_PASSWORD_FILE"
                            + " has invalid value \""
                            + file
                            + "\": "
                            + e.getMessage());
                  }
                });
    ServerSettings settings =
        at.configured(Options.SETTINGS)
            .orElseGet(
                () -> {
                  ServerSettings all = ServerSettings.NONE;
                  for (String entry : a.settings()) {
                    all = all.with(Options.SETTINGS.annotated(entry));
                  }
                  return all;
                });
    ServerRequest server =
        new ServerRequest(
            r.value(Options.PROVIDER, a.provider().name()),
            url,
            at.configured(Options.USER).orElse(null),
            passwordFile,
            // Unset: the provider takes PGCONNECT_TIMEOUT as libpq does, else its default.
            at.configured(Options.CONNECT_TIMEOUT).orElse(null),
            r.optional(Options.POSTGRES_VERSION, a.postgresVersion()),
            r.optional(Options.IMAGE, a.image()),
            settings);
    // scale 0 is the annotation's "not set": scale 1, made when a load first uses the tables.
    Integer scale = r.optional(Options.SCALE, a.scale() == 0 ? "" : Integer.toString(a.scale()));
    InitRequest init =
        new InitRequest(
            scale == null ? 1 : scale,
            r.value(Options.FILLFACTOR, Integer.toString(a.fillfactor())),
            r.value(Options.PARTITIONS, Integer.toString(a.partitions())),
            r.value(Options.PARTITION_METHOD, a.partitionMethod().sqlName()),
            r.value(Options.UNLOGGED_TABLES, Boolean.toString(a.unloggedTables())),
            r.value(Options.FOREIGN_KEYS, Boolean.toString(a.foreignKeys())),
            r.value(Options.SERVER_SIDE_GENERATE, Boolean.toString(a.serverSideGenerate())),
            r.optional(Options.PGBENCH_SCHEMA, a.pgbenchSchema()),
            a.scale() != 0);
    return new ClassConfiguration(server, init, r.optional(Options.SCHEMA, a.schema()));
  }

  private static String blankToNull(String text) {
    return text == null || text.isBlank() ? null : text;
  }

  /** Picks the configuration parameter, else reads the attribute's text. */
  private record Resolver(Levels at) {
    <T> T value(Option<T> option, String attribute) {
      return at.value(option, () -> option.annotated(attribute));
    }

    /** As {@link #value}, with an empty attribute meaning "not set". */
    <T> T optional(Option<T> option, String attribute) {
      return at.value(option, () -> attribute.isEmpty() ? null : option.annotated(attribute));
    }
  }

  /** Holds an instance of the annotation with every attribute at its default. */
  @PgPerfTest
  private static final class Defaults {
    static final PgPerfTest ANNOTATION = Defaults.class.getAnnotation(PgPerfTest.class);
  }
}
