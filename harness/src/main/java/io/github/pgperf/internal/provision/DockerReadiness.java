package io.github.pgperf.internal.provision;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.async.ResultCallback;
import com.github.dockerjava.api.exception.NotFoundException;
import com.github.dockerjava.api.model.Network;
import com.github.dockerjava.api.model.PullResponseItem;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.dockerclient.DockerClientConfigUtils;
import org.testcontainers.dockerclient.DockerClientProviderStrategy;
import org.testcontainers.dockerclient.TransportConfig;
import org.testcontainers.utility.DockerImageName;
import org.testcontainers.utility.ImageNameSubstitutor;

/**
 * Finds out, within a bound, whether Testcontainers can start pgperf's container: before
 * Testcontainers' own start, which on a Docker host without the images it needs retries pulls for
 * minutes (two, per image, by default) and then throws exceptions of its own.
 *
 * <ol>
 *   <li>Testcontainers looks for a Docker environment (none: {@link DockerState.Absent});
 *   <li>with a client of its own (one that starts no Ryuk container), pgperf looks on the Docker
 *       host for every image Testcontainers will use: the server's image, Ryuk's (unless {@code
 *       TESTCONTAINERS_RYUK_DISABLED=true}) and, when Testcontainers must find the Docker host's
 *       address by running a container (this machine is itself a container, the Docker host is its
 *       Unix socket, the bridge network names no gateway and {@code TESTCONTAINERS_HOST_OVERRIDE}
 *       is not set), alpine's; each image's name as Testcontainers' image name substitutor gives it
 *       (a registry mirror's prefix included);
 *   <li>missing images are pulled once each, without retries; after one failed pull the others are
 *       only named;
 *   <li>Testcontainers' own client starts (Ryuk, the host's address): with the images there, in
 *       seconds.
 * </ol>
 *
 * <p>The bound: pgperf gives up when Docker has given no answer, and a pull no progress, for {@link
 * #PATIENCE}; a pull that progresses is waited for. A daemon that cannot reach the registry answers
 * a pull at once, so the usual failure takes well under a second.
 */
final class DockerReadiness {

  /** How long Docker may be silent (no answer, no pull progress) before pgperf gives up. */
  static final Duration PATIENCE = Duration.ofSeconds(30);

  static final String RYUK_DISABLED = "TESTCONTAINERS_RYUK_DISABLED";
  static final String HOST_OVERRIDE = "TESTCONTAINERS_HOST_OVERRIDE";

  private static final String IMAGE_FIX =
      "set pgperf.image to an image the Docker host has or"
          + " can pull (README, \"Testcontainers without Docker Hub\")";
  private static final String RYUK_FIX =
      "set " + RYUK_DISABLED + "=true (pgperf stops its" + " containers itself)";
  private static final String HOST_FIX =
      "set "
          + HOST_OVERRIDE
          + " to the Docker host's address"
          + " (localhost when Docker runs on this machine)";
  private static final String ENGINE_FIX =
      "check that the Docker engine Testcontainers finds"
          + " (DOCKER_HOST, else the local socket) answers: docker info";
  private static final String EMBEDDED_FIX = "use provider EMBEDDED (AUTO falls back to it)";
  private static final List<String> ALL_FIXES = List.of(IMAGE_FIX, RYUK_FIX, HOST_FIX);

  private final Map<String, String> env;
  private final Duration patience;
  // Written by the checking thread, read by the one waiting for it.
  private volatile long lastAnswer;
  private volatile String doing = "starting";
  private volatile List<String> fixes = List.of(ENGINE_FIX);
  private volatile Closeable pulling;

  private DockerReadiness(Map<String, String> env, Duration patience) {
    this.env = env;
    this.patience = patience;
  }

  /**
   * Whether Testcontainers can start a container of {@code image}, known within {@link #PATIENCE}
   * of Docker's last answer.
   *
   * @param env the environment, for Testcontainers' settings that pgperf's check must follow
   */
  static DockerState check(String image, Map<String, String> env) {
    return check(image, env, PATIENCE);
  }

  static DockerState check(String image, Map<String, String> env, Duration patience) {
    return new DockerReadiness(env, patience).await(image);
  }

  /** Runs the check on a thread of its own and waits while Docker answers. */
  private DockerState await(String image) {
    CompletableFuture<DockerState> state = new CompletableFuture<>();
    lastAnswer = System.nanoTime();
    Thread checking =
        new Thread(
            () -> {
              try {
                state.complete(steps(image));
              } catch (Throwable t) {
                state.completeExceptionally(t);
              }
            },
            "pgperf-docker-check");
    // A check given up on goes on until Docker answers; it must not keep the JVM alive.
    checking.setDaemon(true);
    checking.start();
    while (true) {
      try {
        return state.get(200, TimeUnit.MILLISECONDS);
      } catch (TimeoutException e) {
        if (System.nanoTime() - lastAnswer > patience.toNanos()) {
          closeQuietly(pulling);
          return unusable(
              "Docker gave no answer for " + patience.toSeconds() + " s while " + doing, fixes);
        }
      } catch (ExecutionException e) {
        return unusable(
            "Testcontainers' checks of Docker failed while "
                + doing
                + ": "
                + daemonWords(e.getCause()),
            fixes);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        closeQuietly(pulling);
        return unusable("interrupted while " + doing, fixes);
      }
    }
  }

  /** Now doing {@code what}; when Docker stops answering there, {@code fix} is what to do. */
  private void step(String what, List<String> fix) {
    doing = what;
    fixes = fix;
    lastAnswer = System.nanoTime();
  }

  private DockerState steps(String image) throws IOException {
    step("looking for a Docker environment", List.of(ENGINE_FIX));
    TransportConfig config;
    try {
      config = DockerClientFactory.instance().getTransportConfig();
    } catch (IllegalStateException e) {
      return new DockerState.Absent(ProvisionedServer.rootCause(e));
    }
    step("connecting to Docker at " + config.getDockerHost(), List.of(ENGINE_FIX));
    try (DockerClient docker = DockerClientProviderStrategy.getClientForConfig(config)) {
      List<Needed> missing = new ArrayList<>();
      for (Needed needed : needed(image, config, docker)) {
        step(
            "looking for image \"" + needed.image() + "\" on the Docker host", List.of(ENGINE_FIX));
        if (!present(docker, needed.image())) {
          missing.add(needed);
        }
      }
      if (!missing.isEmpty()) {
        List<String> problems = new ArrayList<>();
        Set<String> fixes = new LinkedHashSet<>();
        boolean pullFailed = false;
        for (Needed needed : missing) {
          String failure = pullFailed ? null : pull(docker, needed);
          if (failure == null && !pullFailed) {
            continue; // pulled
          }
          pullFailed = true;
          problems.add(
              needed.what()
                  + " is not on the Docker host"
                  + (failure == null ? "" : " and could not be pulled: " + failure));
          fixes.add(needed.fix());
        }
        if (!problems.isEmpty()) {
          return unusable(String.join("; ", problems), List.copyOf(fixes));
        }
      }
    }
    step("starting Testcontainers' client (Ryuk, the Docker host's address)", ALL_FIXES);
    DockerClientFactory.instance().client();
    return new DockerState.Ready();
  }

  /** The images Testcontainers will use for a container of {@code image}, as it names them. */
  private List<Needed> needed(String image, TransportConfig config, DockerClient docker) {
    List<Needed> needed = new ArrayList<>();
    String server = substituted(image);
    needed.add(new Needed(server, "image \"" + server + "\"", IMAGE_FIX));
    if (!Boolean.parseBoolean(env.get(RYUK_DISABLED))) {
      String ryuk =
          imageConstant("org.testcontainers.utility.RyukContainer", "testcontainers/ryuk");
      if (ryuk != null) {
        String name = substituted(ryuk);
        needed.add(new Needed(name, "Testcontainers' Ryuk image \"" + name + "\"", RYUK_FIX));
      }
    }
    if (findsHostAddressInAContainer(config, docker)) {
      String alpine = imageConstant(DockerClientFactory.class.getName(), "alpine");
      if (alpine != null) {
        String name = substituted(alpine);
        needed.add(
            new Needed(
                name,
                "image \""
                    + name
                    + "\" (Testcontainers runs it to find the"
                    + " Docker host's address)",
                HOST_FIX));
      }
    }
    return needed;
  }

  /**
   * Whether Testcontainers will run a container to find the Docker host's address (its {@code
   * DockerClientProviderStrategy.resolveDockerHostIpAddress}).
   */
  private boolean findsHostAddressInAContainer(TransportConfig config, DockerClient docker) {
    String override = env.get(HOST_OVERRIDE);
    String scheme = config.getDockerHost().getScheme();
    if ((override != null && !override.isBlank())
        || !DockerClientConfigUtils.IN_A_CONTAINER
        || !("unix".equals(scheme) || "npipe".equals(scheme))) {
      return false;
    }
    step("asking Docker for the bridge network's gateway", List.of(ENGINE_FIX));
    Network.Ipam ipam = docker.inspectNetworkCmd().withNetworkId("bridge").exec().getIpam();
    return ipam == null
        || ipam.getConfig() == null
        || ipam.getConfig().stream().map(Network.Ipam.Config::getGateway).allMatch(Objects::isNull);
  }

  private static String substituted(String image) {
    return ImageNameSubstitutor.instance()
        .apply(DockerImageName.parse(image))
        .asCanonicalNameString();
  }

  private static boolean present(DockerClient docker, String image) {
    try {
      docker.inspectImageCmd(image).exec();
      return true;
    } catch (NotFoundException e) {
      return false;
    }
  }

  /** Pulls the image once; {@code null} when it is there now, else why not. */
  private String pull(DockerClient docker, Needed needed) {
    String image = needed.image();
    step("pulling image \"" + image + "\"", List.of(needed.fix()));
    DockerImageName name = DockerImageName.parse(image);
    Progress progress = new Progress();
    pulling = progress;
    try {
      docker
          .pullImageCmd(name.getUnversionedPart())
          .withTag(name.getVersionPart())
          .exec(progress)
          .awaitCompletion();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return "interrupted";
    } catch (RuntimeException e) {
      return daemonWords(e);
    } finally {
      pulling = null;
    }
    if (progress.error != null) {
      return progress.error;
    }
    step("looking for image \"" + image + "\" after its pull", List.of(ENGINE_FIX));
    return present(docker, image) ? null : "the pull ended without the image";
  }

  /** A pull's progress: every message counts as an answer. */
  private final class Progress extends ResultCallback.Adapter<PullResponseItem> {
    private volatile String error;

    @Override
    public void onNext(PullResponseItem item) {
      lastAnswer = System.nanoTime();
      if (item.isErrorIndicated()) {
        error =
            item.getErrorDetail() != null && item.getErrorDetail().getMessage() != null
                ? item.getErrorDetail().getMessage()
                : item.getError();
      }
    }
  }

  private static DockerState unusable(String problem, List<String> fixes) {
    List<String> all = new ArrayList<>(fixes);
    all.add(EMBEDDED_FIX);
    return new DockerState.Unusable(problem, String.join(", or ", all));
  }

  private static final Pattern MESSAGE =
      Pattern.compile("\"message\"\\s*:\\s*\"((?:[^\"\\\\]|\\\\.)*)\"");

  /**
   * The Docker daemon's own words in an exception of its client ({@code Status 500:
   * {"message":"..."}}), else the innermost cause's message; one line.
   */
  static String daemonWords(Throwable e) {
    String message = ProvisionedServer.rootCause(e);
    Matcher m = MESSAGE.matcher(message);
    if (m.find()) {
      message = m.group(1).replace("\\\"", "\"").replace("\\\\", "\\");
    }
    return message.strip().replaceAll("\\s*\\R\\s*", " ");
  }

  /**
   * An image {@code repository:tag} that a Testcontainers class names as a constant (Ryuk's and
   * alpine's, which its API does not give), read from the class file; {@code null} when it names
   * none (another Testcontainers version), and then the image is left to Testcontainers.
   */
  static String imageConstant(String className, String repository) {
    ClassLoader loader = DockerClientFactory.class.getClassLoader();
    try (InputStream in = loader.getResourceAsStream(className.replace('.', '/') + ".class")) {
      if (in == null) {
        return null;
      }
      String text = new String(in.readAllBytes(), StandardCharsets.ISO_8859_1);
      Matcher m =
          Pattern.compile(Pattern.quote(repository) + ":[A-Za-z0-9][A-Za-z0-9._-]*").matcher(text);
      return m.find() ? m.group() : null;
    } catch (IOException e) {
      return null;
    }
  }

  private static void closeQuietly(Closeable c) {
    if (c != null) {
      try {
        c.close();
      } catch (IOException | RuntimeException e) {
        // Given up on: nothing more to say than the timeout.
      }
    }
  }

  /**
   * An image Testcontainers will use.
   *
   * @param image its name, as Testcontainers will ask Docker for it
   * @param what how a message names it
   * @param fix what makes it unneeded or available
   */
  private record Needed(String image, String what, String fix) {}
}
