package io.github.pgperf.junit;

import static org.apiguardian.api.API.Status.STABLE;

import io.github.pgperf.assertj.PgPerfAssertions;
import io.github.pgperf.internal.capture.CaptureSettings;
import io.github.pgperf.internal.capture.SaidOnce;
import io.github.pgperf.internal.init.InitOptions;
import io.github.pgperf.internal.provision.PgbenchSchema;
import io.github.pgperf.internal.provision.Provider;
import io.github.pgperf.internal.provision.ProviderChoice;
import io.github.pgperf.internal.provision.ProvisionException;
import io.github.pgperf.internal.provision.ProvisionedServer;
import io.github.pgperf.internal.provision.ServerRequest;
import io.github.pgperf.internal.provision.ServerSettings;
import io.github.pgperf.provision.Initialization;
import io.github.pgperf.provision.ProviderKind;
import io.github.pgperf.result.RunIdentity;
import io.github.pgperf.result.RunResult;
import io.github.pgperf.result.TestIdentity;
import io.github.pgperf.threshold.Threshold;
import java.io.PrintStream;
import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.sql.DataSource;
import org.apiguardian.api.API;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeTestExecutionCallback;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ExtensionContext.Namespace;
import org.junit.jupiter.api.extension.ExtensionContext.Store;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolutionException;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.junit.jupiter.api.extension.TestTemplateInvocationContext;
import org.junit.jupiter.api.extension.TestTemplateInvocationContextProvider;
import org.junit.platform.commons.support.AnnotationSupport;

/**
 * The JUnit 5 extension behind {@link PgPerfTest}: before a class's tests it provides the server
 * and initializes the class's schema, and it resolves test parameters of the types it injects.
 *
 * <p>Servers, provider choices and initializations are kept in the launcher session's {@link
 * ExtensionContext.Store} (the root store before JUnit 5.13), so they are made once per launcher
 * session (in a build, once per test JVM, also across the trials {@code pgperf:test} runs as
 * separate launcher calls) and shared by every class that asks for the same. Servers are {@link
 * AutoCloseable} store values, which JUnit closes when the session ends; with {@code
 * junit.jupiter.extensions.store.close.autocloseable.enabled=false} they stop at JVM exit instead
 * (zonky's shutdown hook, Testcontainers' reaper). Classes of one run are expected to run one after
 * another, as JUnit does by default; two classes running at once must not ask for different
 * initializations of the same schema.
 *
 * <p>Injected parameter types are listed in one table ({@code INJECTED}): {@link PgPerfDatabase},
 * {@link DataSource} and {@link LoadRunner}, each made from the class's {@link PgPerfDatabase} and
 * the test's {@link ExtensionContext} (class and method names for result files). The results
 * directory of {@link LoadRunner} is the configuration parameter {@code pgperf.results}, else
 * {@code target/pgperf/results}, relative to the working directory. A {@link RunResult} parameter
 * is the result of the method's declared {@link Load}.
 *
 * <p>The declarative form: before a method with {@link Load} runs (after its {@code @BeforeEach}
 * methods), the extension runs the declared load through a {@link LoadRunner} and checks the
 * declared thresholds ({@link DeclaredLoad} resolves the load into a {@link LoadSpec}, {@link
 * DeclaredThresholds} the thresholds); a {@link ClientSweep} makes one invocation per client count
 * ({@link SweepPoint}). Every runner's runs are recorded per class ({@link ClassRuns}); when the
 * class's tests have run, a {@link SweepTable} is printed for each method that ran more than one
 * client count.
 */
@API(status = STABLE, since = "0.1.0")
public final class PgPerfExtension
    implements BeforeAllCallback,
        BeforeTestExecutionCallback,
        AfterAllCallback,
        ParameterResolver,
        TestTemplateInvocationContextProvider {

  static final Namespace NAMESPACE = Namespace.create(PgPerfExtension.class);

  /**
   * What this extension injects, by parameter type: the database, a DataSource on its schema, and a
   * {@link LoadRunner} bound to the database and named after the test.
   */
  private static final Map<Class<?>, Injection> INJECTED =
      Map.of(
          PgPerfDatabase.class,
          (database, context) -> database,
          DataSource.class,
          (database, context) -> new SchemaDataSource(database.connectionSource()),
          LoadRunner.class,
          PgPerfExtension::loadRunner);

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
  public void beforeAll(ExtensionContext context) throws Exception {
    database(context);
  }

  /**
   * Runs a method's declared {@link Load} and checks its declared thresholds: after the
   * {@code @BeforeEach} methods, before the method's parameters are resolved (so the body can take
   * the {@link RunResult}) and before its body.
   */
  @Override
  public void beforeTestExecution(ExtensionContext context) throws Exception {
    Method method = context.getRequiredTestMethod();
    if (SweepPoint.of(context) == null
        && AnnotationSupport.isAnnotated(method, ClientSweep.class)) {
      // @ClientSweep is a test template; with @Test too, JUnit also runs the method once more,
      // at the annotation's client count, which would pass for a point of the sweep.
      throw new ExtensionConfigurationException(
          "@ClientSweep on "
              + name(context)
              + " makes the method a test of its own; remove its other test annotation (@Test,"
              + " @ParameterizedTest ...), or it also runs once outside the sweep");
    }
    Optional<Load> load = AnnotationSupport.findAnnotation(method, Load.class);
    if (load.isEmpty()) {
      if (DeclaredThresholds.declared(method)) {
        throw new ExtensionConfigurationException(
            name(context)
                + " declares thresholds but no @Load: thresholds apply to the declared load;"
                + " for a LoadRunner's runs use PgPerfAssertions.assertThat(run)");
      }
      return;
    }
    requireClassAnnotation(context, "@Load");
    Levels at = Levels.of(context);
    LoadSpec declared = DeclaredLoad.resolve(load.get(), at);
    SweepPoint point = SweepPoint.of(context);
    if (point != null) {
      declared = declared.atClients(point.clients());
    }
    List<Threshold> thresholds = DeclaredThresholds.resolve(method, at);
    RunResult run = loadRunner(database(context), context).load(declared).run();
    context.getStore(NAMESPACE).put(DeclaredRun.class, new DeclaredRun(run));
    if (!thresholds.isEmpty()) {
      PgPerfAssertions.assertThat(run)
          .as("declared thresholds of %s", name(context))
          .meets(thresholds.toArray(Threshold[]::new));
    }
  }

  /** Prints the class's sweep tables (tps and latency by clients) when its tests have run. */
  @Override
  public void afterAll(ExtensionContext context) {
    ClassRuns runs =
        context
            .getStore(NAMESPACE)
            .get(new RunsKey(context.getRequiredTestClass()), ClassRuns.class);
    if (runs == null) {
      return;
    }
    PrintStream out = System.out;
    for (SweepTable table : runs.sweeps()) {
      table.lines().forEach(out::println);
    }
    runs.warnings().forEach(log()::println);
  }

  @Override
  public boolean supportsTestTemplate(ExtensionContext context) {
    return context
        .getTestMethod()
        .map(m -> AnnotationSupport.isAnnotated(m, ClientSweep.class))
        .orElse(false);
  }

  /** One invocation per client count of a {@link ClientSweep}. */
  @Override
  public Stream<TestTemplateInvocationContext> provideTestTemplateInvocationContexts(
      ExtensionContext context) {
    Method method = context.getRequiredTestMethod();
    if (!AnnotationSupport.isAnnotated(method, Load.class)) {
      throw new ExtensionConfigurationException(
          "@ClientSweep on "
              + name(context)
              + " needs @Load: it sweeps the clients of the declared load");
    }
    requireClassAnnotation(context, "@ClientSweep");
    ClientSweep sweep = AnnotationSupport.findAnnotation(method, ClientSweep.class).orElseThrow();
    List<Integer> counts =
        Levels.of(context)
            .value(
                CLIENT_SWEEP,
                () ->
                    new Option<>("value", CLIENT_SWEEP.parser())
                        .annotated(
                            "ClientSweep",
                            Arrays.stream(sweep.value())
                                .mapToObj(Integer::toString)
                                .collect(Collectors.joining(","))));
    return counts.stream().map(SweepPoint::new);
  }

  @Override
  public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
    Class<?> type = parameter.getParameter().getType();
    return INJECTED.containsKey(type) || type == RunResult.class;
  }

  @Override
  public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
    if (parameter.getParameter().getType() == RunResult.class) {
      DeclaredRun declared =
          context.getTestMethod().isEmpty()
              ? null
              : context.getStore(NAMESPACE).get(DeclaredRun.class, DeclaredRun.class);
      if (declared == null) {
        throw new ParameterResolutionException(
            "a RunResult is injected only into a test method"
                + " with @Load, after its load ran; "
                + parameter.getDeclaringExecutable().getName()
                + " has none (run load yourself with an injected LoadRunner)");
      }
      return declared.run();
    }
    try {
      return INJECTED.get(parameter.getParameter().getType()).make(database(context), context);
    } catch (ProvisionException e) {
      // Reached only when a constructor asks before beforeAll ran (per-class lifecycle).
      throw new ParameterResolutionException(e.getMessage(), e);
    }
  }

  /** A runner named after the test, recording its runs for the class's sweep tables. */
  private static LoadRunner loadRunner(PgPerfDatabase database, ExtensionContext context) {
    Class<?> testClass = context.getRequiredTestClass();
    ExtensionContext classContext = context;
    while (classContext.getTestMethod().isPresent() && classContext.getParent().isPresent()) {
      classContext = classContext.getParent().get();
    }
    ClassRuns runs =
        classContext
            .getStore(NAMESPACE)
            .getOrComputeIfAbsent(
                new RunsKey(testClass),
                key -> new ClassRuns(testClass.getSimpleName()),
                ClassRuns.class);
    String method = context.getTestMethod().map(Method::getName).orElse(null);
    Overrides overrides = overrides(context);
    RunIdentity process = RunIdentity.thisProcess();
    SweepPoint point = SweepPoint.of(context);
    String className =
        testClass.getCanonicalName() == null ? testClass.getName() : testClass.getCanonicalName();
    RunIdentity identity =
        new RunIdentity(
            Options.BUILD.configured(context).orElse(process.build()),
            Options.TRIAL.configured(context).orElse(process.trial()),
            new TestIdentity(
                className,
                method,
                method == null ? null : context.getDisplayName(),
                point == null ? Map.of() : Map.of(TestIdentity.CLIENTS, point.clients())));
    // Keyed by the execution's id: a store lookup falls back to the parent's, and the class's
    // labels (a runner injected into a constructor) are not the method's.
    RunLabels labels =
        context
            .getStore(NAMESPACE)
            .getOrComputeIfAbsent(
                new LabelsKey(context.getUniqueId()), key -> new RunLabels(), RunLabels.class);
    return new LoadRunner(
        database,
        testClass,
        method,
        overrides.get(Options.RESULTS).orElse(Options.DEFAULT_RESULTS_DIRECTORY),
        identity,
        labels,
        capture(database, overrides),
        sharedStore(context)
            .getOrComputeIfAbsent(SaidOnce.class, key -> new SaidOnce(), SaidOnce.class),
        run -> {
          if (method != null) {
            runs.add(method, run);
          }
        },
        SliceBounds.of(context));
  }

  /**
   * How runs capture the server's work: on unless {@code pgperf.serverCounters=false}; installing
   * pg_stat_statements in a server pgperf started, elsewhere only with {@code
   * pgperf.installExtensions=true}; the server's CPU from its container's counter where pgperf
   * started one.
   */
  private static CaptureSettings capture(PgPerfDatabase database, Overrides overrides) {
    if (!overrides.get(Options.SERVER_COUNTERS).orElse(true)) {
      return CaptureSettings.OFF;
    }
    boolean ours = database.provider() != ProviderKind.EXTERNAL;
    return new CaptureSettings(
        true,
        overrides.get(Options.WAIT_SAMPLING).orElse(CaptureSettings.DEFAULT_WAIT_SAMPLING_MILLIS),
        ours || overrides.get(Options.INSTALL_EXTENSIONS).orElse(false),
        CaptureSettings.DEFAULT_ANSWER_TIMEOUT_MILLIS,
        database.server().containerCpu());
  }

  private static void requireClassAnnotation(ExtensionContext context, String what) {
    if (annotationOf(context.getRequiredTestClass()) == null) {
      throw new ExtensionConfigurationException(
          what
              + " on "
              + name(context)
              + " needs @PgPerfTest on its class (or an enclosing class)");
    }
  }

  /** {@code TestClass.method}, as in configuration keys and result file names. */
  private static String name(ExtensionContext context) {
    return Levels.of(context).scope();
  }

  /** The class's database, provided and initialized on first use for the class. */
  private static PgPerfDatabase database(ExtensionContext context) throws ProvisionException {
    Store classStore = context.getStore(NAMESPACE);
    // Keyed by class: a store lookup also searches the enclosing contexts, and a nested class
    // with an annotation of its own must not get its enclosing class's database.
    try {
      return classStore.getOrComputeIfAbsent(
          new ClassKey(context.getRequiredTestClass()),
          key -> unchecked(() -> prepare(context)),
          PgPerfDatabase.class);
    } catch (Failure f) {
      throw f.cause;
    }
  }

  private static PgPerfDatabase prepare(ExtensionContext context) throws ProvisionException {
    Store shared = sharedStore(context);
    Overrides overrides = overrides(context);
    ClassConfiguration configuration =
        ClassConfiguration.resolve(
            annotationOf(context.getRequiredTestClass()),
            Levels.ofClass(context::getConfigurationParameter, context.getRequiredTestClass()),
            System.getenv());

    ProviderChoice choice =
        shared.getOrComputeIfAbsent(
            new ChoiceKey(configuration.server()),
            key -> unchecked(() -> ProviderChoice.choose(key.request())),
            ProviderChoice.class);
    ProvisionedServer server =
        shared.getOrComputeIfAbsent(
            new ServerKey(choice.provider()),
            key -> unchecked(() -> recorded(choice.start(), overrides)),
            ProvisionedServer.class);
    shared.getOrComputeIfAbsent(
        new Announced(choice),
        key -> {
          // On pgperf:compare's shared server the line names that server, as the results do.
          log()
              .println(
                  "pgperf: "
                      + server.describe()
                      + " ("
                      + overrides.get(Options.SHARED_SERVER_REASON).orElse(choice.reason())
                      + ")");
          return Boolean.TRUE;
        },
        Boolean.class);

    String pgbenchSchema = configuration.init().schemaFor(choice.provider().kind());
    Class<?> annotated = annotatedClass(context.getRequiredTestClass());
    if (annotated == null) {
      annotated = context.getRequiredTestClass(); // registered with @ExtendWith alone
    }
    ClassSchema schema =
        configuration.schema() == null
            ? ClassSchema.defaultFor(annotated)
            : new ClassSchema(configuration.schema());
    if (schema.name().equals(pgbenchSchema)) {
      throw new ExtensionConfigurationException(
          "@PgPerfTest on "
              + annotated.getName()
              + ": schema \""
              + pgbenchSchema
              + "\" is the schema of pgbench's tables, which holds"
              + " nothing else; name another schema for the class's own tables");
    }
    schema.ensureOn(server);
    InitOptions options = configuration.init().options(pgbenchSchema);
    PgbenchTables tables =
        new PgbenchTables(
            options, () -> initialization(shared, choice.provider(), server, options));
    if (configuration.init().upFront()) {
      tables.ensure();
    }
    return new PgPerfDatabase(server, choice, schema, tables);
  }

  /**
   * The server as results record it: on pgperf:compare's shared server (the {@code
   * pgperf.sharedServer.*} parameters) the provider that started it, its settings and the reason
   * naming it, the same on both sides; else as provided.
   */
  private static ProvisionedServer recorded(ProvisionedServer server, Overrides overrides) {
    Optional<String> provider = overrides.get(Options.SHARED_SERVER_PROVIDER);
    if (provider.isEmpty()) {
      return server;
    }
    return server.recordedAs(
        server
            .serverInfo()
            .withProviderSettings(
                overrides.get(Options.SHARED_SERVER_SETTINGS).orElse(ServerSettings.NONE).values())
            .withProvider(
                provider.get(),
                overrides
                    .get(Options.SHARED_SERVER_REASON)
                    .orElse("pgperf:compare's shared server")));
  }

  /**
   * Makes pgbench's tables, or finds them made by an earlier class of this session or on the
   * server: once per server and options (schema included), whichever class needs them first.
   */
  private static Initialization initialization(
      Store shared, Provider provider, ProvisionedServer server, InitOptions options)
      throws ProvisionException {
    AtomicBoolean madeHere = new AtomicBoolean();
    try {
      Initialization outcome =
          shared.getOrComputeIfAbsent(
              new InitKey(provider, options),
              key ->
                  unchecked(
                      () -> {
                        madeHere.set(true);
                        return new PgbenchSchema(server.connectionSource(), options.schema())
                            .ensure(options, log());
                      }),
              Initialization.class);
      return madeHere.get() ? outcome : Initialization.REUSED;
    } catch (Failure f) {
      throw f.cause;
    }
  }

  /**
   * Where provider choices, servers and initializations live: the launcher session's store, so that
   * trials run as several launcher calls in one JVM ({@code pgperf:test}) share one server and one
   * initialization instead of starting an embedded server per trial. JUnit before 5.13 has no such
   * store; there they live as long as the run's root context.
   */
  private static Store sharedStore(ExtensionContext context) {
    try {
      return context.getStore(ExtensionContext.StoreScope.LAUNCHER_SESSION, NAMESPACE);
    } catch (NoSuchMethodError | NoClassDefFoundError olderJUnit) {
      return context.getRoot().getStore(NAMESPACE);
    }
  }

  /**
   * The run's {@code pgperf.*} configuration parameters, read once per run; the keys it does not
   * read are named once per launcher session.
   */
  private static Overrides overrides(ExtensionContext context) {
    sharedStore(context)
        .getOrComputeIfAbsent(
            UnknownSettings.class,
            key -> {
              UnknownSettings.warnings(UnknownSettings.given()).forEach(log()::println);
              return Boolean.TRUE;
            },
            Boolean.class);
    ExtensionContext root = context.getRoot();
    return root.getStore(NAMESPACE)
        .getOrComputeIfAbsent(Overrides.class, key -> Overrides.read(root), Overrides.class);
  }

  /** The annotation on the class or, for a nested class, on the nearest enclosing class. */
  static PgPerfTest annotationOf(Class<?> testClass) {
    Class<?> annotated = annotatedClass(testClass);
    return annotated == null ? null : annotated.getAnnotation(PgPerfTest.class);
  }

  /**
   * The class carrying the annotation: the class itself or, for a nested class without one, the
   * nearest enclosing class with one (whose schema a nested class shares); {@code null} if none.
   */
  private static Class<?> annotatedClass(Class<?> testClass) {
    for (Class<?> c = testClass; c != null; c = c.getEnclosingClass()) {
      if (c.isAnnotationPresent(PgPerfTest.class)) {
        return c;
      }
    }
    return null;
  }

  /** A test class's database. */
  private record ClassKey(Class<?> testClass) {}

  /** A test class's load runs, for its sweep tables. */
  private record RunsKey(Class<?> testClass) {}

  /** The result of a method's declared load, for a {@link RunResult} parameter. */
  private record DeclaredRun(RunResult run) {}

  /** The store key of a test execution's {@link RunLabels}. */
  private record LabelsKey(String uniqueId) {}

  /** {@code pgperf.clientSweep} and {@code pgperf.<TestClass>.<method>.clientSweep}. */
  static final Option<List<Integer>> CLIENT_SWEEP =
      new Option<>(
          "clientSweep",
          text -> {
            try {
              return Arrays.stream(text.split(",", -1))
                  .map(t -> Options.number(t.trim(), 1, Integer.MAX_VALUE))
                  .toList();
            } catch (IllegalArgumentException e) {
              throw new IllegalArgumentException(
                  "expected client counts separated by commas, each a"
                      + " whole number in 1.."
                      + Integer.MAX_VALUE);
            }
          });

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
