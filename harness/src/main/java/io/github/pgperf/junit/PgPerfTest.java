package io.github.pgperf.junit;

import static org.apiguardian.api.API.Status.STABLE;

import io.github.pgperf.init.PartitionMethod;
import io.github.pgperf.provision.ProviderKind;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.apiguardian.api.API;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Marks a performance test class: before its tests run, pgperf provides a PostgreSQL server and
 * makes sure the class's own schema exists, and injects test parameters of type {@link
 * PgPerfDatabase}, {@link javax.sql.DataSource} and {@link LoadRunner} (runs load and writes each
 * run's result file), whose connections have the search_path "the class's schema, then pgbench's":
 * tables the class creates (an application's migrations) go in its own schema, and scripts find
 * pgbench's tables too.
 *
 * <p>pgbench's tables live in a schema that holds nothing else, shared by the classes that ask for
 * the same initialization. They are made only for a class that needs them: before its tests when it
 * sets {@link #scale()}, else before the first load that uses them (a built-in script, or a script
 * naming a {@code pgbench_} table). A class that never uses them (an application's own workload)
 * makes none; Java transactions are not looked into, so a class whose Java code uses pgbench's
 * tables sets a scale. The class is tagged {@code performance}, so a build can include or exclude
 * such tests.
 *
 * <p>Every attribute can be overridden from the build, without touching code, by the JUnit
 * configuration parameter {@code pgperf.<TestClass>.<attribute>} for one class (its simple name),
 * else {@code pgperf.<attribute>} for every class (a system property {@code -Dpgperf.scale=10} or a
 * line in {@code junit-platform.properties}); either wins over the annotation, and a {@code
 * pgperf.*} key the extension does not read is warned about, naming the nearest one
 * (docs/configuration.md lists every key). A value that cannot be read fails the class with an
 * {@link org.junit.jupiter.api.extension.ExtensionConfigurationException} naming the parameter (or
 * attribute) and the value. Keys without an attribute: {@code pgperf.url} (else the environment
 * variable {@code PGPERF_URL}) and {@code pgperf.user} for an external server, {@code
 * pgperf.passwordFile} (else {@code PGPERF_PASSWORD_FILE}) for its password unless {@code
 * PGPERF_PASSWORD} is set, {@code pgperf.connectTimeout} as a duration of whole seconds ({@code
 * 30s}; else {@code PGCONNECT_TIMEOUT}, else 60s), and {@code pgperf.results} for {@link
 * LoadRunner}'s result files (default {@code target/pgperf/results}). Passwords are never taken
 * from annotations or code. A test method's declared load and thresholds ({@link Load}, {@link
 * TpsAtLeast} and the other threshold annotations, {@link ClientSweep}) have keys of their own:
 * {@code pgperf.<TestClass>.<method>.<attribute>} for one method, else {@code
 * pgperf.<TestClass>.<attribute>}, else {@code pgperf.<attribute>}.
 *
 * <p>A server is started once per JVM for each distinct provider, version and settings, and shared
 * by every class that asks for the same; it stops when the test run ends. An initialization is made
 * once per server, schema, scale and options, and is reused by later classes and, on an external
 * server, by later runs.
 */
@API(status = STABLE, since = "0.1.0")
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
@ExtendWith(PgPerfExtension.class)
@Tag("performance")
public @interface PgPerfTest {

  /** Where the server comes from ({@code pgperf.provider}); AUTO by default. */
  ProviderKind provider() default ProviderKind.AUTO;

  /**
   * The PostgreSQL version ({@code pgperf.postgresVersion}), for example {@code "15"}: the image
   * tag for Testcontainers; a check for an external or embedded server (the embedded binaries on
   * the classpath decide its version). Empty for the provider's default. Not {@code version}: a
   * POM's {@code pgperf.version} property usually holds pgperf's own version, and {@code
   * pgperf:test} passes {@code pgperf.*} properties to the tests.
   */
  String postgresVersion() default "";

  /** The Testcontainers image ({@code pgperf.image}); empty for {@code postgres:<version>}. */
  String image() default "";

  /**
   * Server settings as {@code name=value} ({@code pgperf.settings}, comma-separated), for example
   * {@code {"shared_buffers=256MB", "synchronous_commit=off"}}; only for servers pgperf starts.
   */
  String[] settings() default {};

  /**
   * pgbench's scale factor ({@code pgperf.scale}, {@code -s}). Setting it here asks for pgbench's
   * tables before the class's tests; 0, the default, means not set: scale 1 (or {@code
   * pgperf.scale}), made when a load first uses the tables. {@code pgperf.scale} changes the scale
   * only; it does not make a class that never uses the tables initialize them.
   */
  int scale() default 0;

  /** Fillfactor of the tables, 10..100 ({@code pgperf.fillfactor}, {@code -F}). */
  int fillfactor() default 100;

  /** Partitions of pgbench_accounts, 0 for none ({@code pgperf.partitions}). */
  int partitions() default 0;

  /** How pgbench_accounts is partitioned ({@code pgperf.partitionMethod}, range or hash). */
  PartitionMethod partitionMethod() default PartitionMethod.RANGE;

  /** Whether the tables are unlogged ({@code pgperf.unloggedTables}). */
  boolean unloggedTables() default false;

  /** Whether foreign keys are created ({@code pgperf.foreignKeys}, {@code --foreign-keys}). */
  boolean foreignKeys() default false;

  /** Whether rows are generated by the server ({@code pgperf.serverSideGenerate}, step G). */
  boolean serverSideGenerate() default false;

  /**
   * The class's own schema ({@code pgperf.schema}), first on its connections' search_path: what the
   * class creates goes there. Empty for the default, {@code pgperf_class_<simple class name in
   * lower case>}, so classes never see each other's tables; name the same schema in several classes
   * to share them. pgperf creates it when missing and never drops it or its contents.
   */
  String schema() default "";

  /**
   * The schema of pgbench's tables ({@code pgperf.pgbenchSchema}), which holds nothing else: pgperf
   * refuses to initialize a schema holding other tables, and its initialization drops and remakes
   * only pgbench's four. Empty for the default: {@code pgperf} on an external server; on a server
   * pgperf starts, one schema per initialization, {@code pgperf_s<scale>} plus a suffix for each
   * non-default option (for example {@code pgperf_s10_p4range_fk}), so that classes asking for
   * different data never replace each other's tables.
   */
  String pgbenchSchema() default "";
}
