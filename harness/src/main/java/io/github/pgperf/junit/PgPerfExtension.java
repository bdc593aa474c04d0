package io.github.pgperf.junit;

import io.github.pgperf.init.InitOptions;
import io.github.pgperf.provision.Initialization;
import io.github.pgperf.provision.PgbenchSchema;
import io.github.pgperf.provision.Provider;
import io.github.pgperf.provision.ProviderChoice;
import io.github.pgperf.provision.ProvisionException;
import io.github.pgperf.provision.ProvisionedServer;
import io.github.pgperf.provision.ServerRequest;
import java.io.PrintStream;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import javax.sql.DataSource;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ExtensionContext.Namespace;
import org.junit.jupiter.api.extension.ExtensionContext.Store;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolutionException;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * The JUnit 5 extension behind {@link PgPerfTest}: before a class's tests it provides the server
 * and initializes the class's schema, and it resolves test parameters of the types it injects.
 *
 * <p>Servers, provider choices and initializations are kept in the root
 * {@link ExtensionContext.Store}, so they are made once per test run (in a build, once per test
 * JVM; each EngineTestKit or launcher session is a run of its own) and shared by every class that
 * asks for the same. Servers are {@link AutoCloseable} store values, which JUnit closes when the
 * run ends; with {@code junit.jupiter.extensions.store.close.autocloseable.enabled=false} they
 * stop at JVM exit instead (zonky's shutdown hook, Testcontainers' reaper). Classes of one run are
 * expected to run one after another, as JUnit does by default; two classes running at once must
 * not ask for different initializations of the same schema.
 *
 * <p>Injected parameter types are listed in one table ({@code INJECTED}): {@link PgPerfDatabase},
 * {@link DataSource} and {@link LoadRunner}, each made from the class's {@link PgPerfDatabase}
 * and the test's {@link ExtensionContext} (class and method names for result files). The results
 * directory of {@link LoadRunner} is the configuration parameter {@code pgperf.resultsDirectory},
 * else {@code target/pgperf/results}, relative to the working directory.
 */
public final class PgPerfExtension implements BeforeAllCallback, ParameterResolver {

  private static final Namespace NAMESPACE = Namespace.create(PgPerfExtension.class);

  /**
   * What this extension injects, by parameter type: the database, a DataSource on its schema,
   * and a {@link LoadRunner} bound to the database and named after the test.
   */
  private static final Map<Class<?>, Injection> INJECTED = Map.of(
      PgPerfDatabase.class, (database, context) -> database,
      DataSource.class,
      (database, context) -> new SchemaDataSource(database.connectionSource()),
      LoadRunner.class,
      (database, context) -> new LoadRunner(database, context.getRequiredTestClass(),
          context.getTestMethod().map(java.lang.reflect.Method::getName).orElse(null),
          overrides(context).get(Options.RESULTS_DIRECTORY)
              .orElse(Options.DEFAULT_RESULTS_DIRECTORY)));

  /** Makes one injected parameter from the class's database and the test's context. */
  @FunctionalInterface
  private interface Injection {
    Object make(PgPerfDatabase database, ExtensionContext context);
  }

  /** Where the provider line and initialization progress go, as pgbench's stderr. */
  private static PrintStream log() {
    return System.err;
  }

  @Override
  public void beforeAll(ExtensionContext context) throws ProvisionException {
    database(context);
  }

  @Override
  public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
    return INJECTED.containsKey(parameter.getParameter().getType());
  }

  @Override
  public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
    try {
      return INJECTED.get(parameter.getParameter().getType())
          .make(database(context), context);
    } catch (ProvisionException e) {
      // Reached only when a constructor asks before beforeAll ran (per-class lifecycle).
      throw new ParameterResolutionException(e.getMessage(), e);
    }
  }

  /** The class's database, provided and initialized on first use for the class. */
  private static PgPerfDatabase database(ExtensionContext context) throws ProvisionException {
    Store classStore = context.getStore(NAMESPACE);
    // Keyed by class: a store lookup also searches the enclosing contexts, and a nested class
    // with an annotation of its own must not get its enclosing class's database.
    try {
      return classStore.getOrComputeIfAbsent(new ClassKey(context.getRequiredTestClass()),
          key -> unchecked(() -> prepare(context)), PgPerfDatabase.class);
    } catch (Failure f) {
      throw f.cause;
    }
  }

  private static PgPerfDatabase prepare(ExtensionContext context) throws ProvisionException {
    ExtensionContext root = context.getRoot();
    Store rootStore = root.getStore(NAMESPACE);
    Overrides overrides = overrides(context);
    ClassConfiguration configuration = ClassConfiguration.resolve(
        annotation(context.getRequiredTestClass()), overrides, System.getenv());

    ProviderChoice choice = rootStore.getOrComputeIfAbsent(new ChoiceKey(configuration.server()),
        key -> unchecked(() -> ProviderChoice.choose(key.request())), ProviderChoice.class);
    ProvisionedServer server = rootStore.getOrComputeIfAbsent(new ServerKey(choice.provider()),
        key -> unchecked(choice::start), ProvisionedServer.class);
    rootStore.getOrComputeIfAbsent(new Announced(choice), key -> {
      log().println("pgperf: " + server.describe() + " (" + choice.reason() + ")");
      return Boolean.TRUE;
    }, Boolean.class);

    String schema = configuration.init().schemaFor(choice.provider().kind());
    InitOptions options = configuration.init().options(schema);
    AtomicBoolean madeHere = new AtomicBoolean();
    Initialization outcome = rootStore.getOrComputeIfAbsent(
        new InitKey(choice.provider(), options),
        key -> unchecked(() -> {
          madeHere.set(true);
          return new PgbenchSchema(server.connectionSource(), schema).ensure(options, log());
        }),
        Initialization.class);
    return new PgPerfDatabase(server, choice, options,
        madeHere.get() ? outcome : Initialization.REUSED);
  }

  /** The run's {@code pgperf.*} configuration parameters, read once per run. */
  private static Overrides overrides(ExtensionContext context) {
    ExtensionContext root = context.getRoot();
    return root.getStore(NAMESPACE).getOrComputeIfAbsent(Overrides.class,
        key -> Overrides.read(root), Overrides.class);
  }

  /** The annotation on the class or, for a nested class, on the nearest enclosing class. */
  private static PgPerfTest annotation(Class<?> testClass) {
    for (Class<?> c = testClass; c != null; c = c.getEnclosingClass()) {
      PgPerfTest found = c.getAnnotation(PgPerfTest.class);
      if (found != null) {
        return found;
      }
    }
    return null;
  }

  /** A test class's database. */
  private record ClassKey(Class<?> testClass) {}

  /** The provider chosen for a request, once per run: AUTO asks Docker only once. */
  private record ChoiceKey(ServerRequest request) {}

  /** A server per provider, which includes its version and settings. */
  private record ServerKey(Provider provider) {}

  /** A provider choice whose line has been printed. */
  private record Announced(ProviderChoice choice) {}

  /** An initialization per server, schema, scale and options (all of them in the options). */
  private record InitKey(Provider provider, InitOptions options) {}

  /** Work that may fail with a {@link ProvisionException}. */
  @FunctionalInterface
  private interface Provisioning<T> {
    T get() throws ProvisionException;
  }

  /** Carries a {@link ProvisionException} through the store's computing functions. */
  private static final class Failure extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final ProvisionException cause;

    Failure(ProvisionException cause) {
      super(cause.getMessage(), cause, false, false);
      this.cause = cause;
    }
  }

  private static <T> T unchecked(Provisioning<T> work) {
    try {
      return work.get();
    } catch (ProvisionException e) {
      throw new Failure(e);
    }
  }
}
