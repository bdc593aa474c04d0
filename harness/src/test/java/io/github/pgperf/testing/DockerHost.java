package io.github.pgperf.testing;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.exception.NotFoundException;
import com.github.dockerjava.api.model.Container;
import java.io.IOException;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.dockerclient.DockerClientProviderStrategy;

/**
 * The Docker engine the Testcontainers integration tests run against, and the PostgreSQL image they
 * use: {@code PGPERF_TEST_IMAGE} ({@code .ci/testcontainers.sh} builds and exports {@code
 * pgperf-ci/postgres:15}), else {@code postgres:15}. A class marked {@link Required} runs only
 * where Docker answers and has the image; elsewhere it is skipped, saying which is missing and how
 * to get it.
 *
 * <p>Its client is one of its own, which starts no Ryuk container whatever the environment says.
 */
public final class DockerHost {

  /** The environment variable naming the image the tests use. */
  public static final String IMAGE_VARIABLE = "PGPERF_TEST_IMAGE";

  private DockerHost() {}

  /** The PostgreSQL image the tests use. */
  public static String image() {
    String image = System.getenv(IMAGE_VARIABLE);
    return image == null || image.isBlank() ? "postgres:15" : image;
  }

  /** Runs {@code action} with a client of the Docker engine Testcontainers finds. */
  public static <T> T with(Function<DockerClient, T> action) {
    try (DockerClient docker =
        DockerClientProviderStrategy.getClientForConfig(
            DockerClientFactory.instance().getTransportConfig())) {
      return action.apply(docker);
    } catch (IOException e) {
      throw new IllegalStateException("the Docker client could not be closed", e);
    }
  }

  /** Every container of {@code image} on the Docker host, running or not. */
  public static List<Container> containersOf(String image) {
    return with(
        docker ->
            docker.listContainersCmd().withShowAll(true).exec().stream()
                .filter(c -> image.equals(c.getImage()) || c.getImage().startsWith(image + "@"))
                .toList());
  }

  /** Whether the Docker host has {@code image}. */
  public static boolean has(String image) {
    return with(
        docker -> {
          try {
            docker.inspectImageCmd(image).exec();
            return true;
          } catch (NotFoundException e) {
            return false;
          }
        });
  }

  /** Whether Testcontainers finds a Docker engine that answers. */
  public static boolean engineAnswers() {
    try {
      DockerClientFactory.instance().getTransportConfig();
      return true;
    } catch (IllegalStateException e) {
      return false;
    }
  }

  /** Why the tests cannot run here, or {@code null} when they can. */
  static String missing() {
    if (!engineAnswers()) {
      return "no Docker engine here (Testcontainers found none); .ci/testcontainers.sh sets one"
          + " up on a Debian machine";
    }
    if (!has(image())) {
      return "the Docker host has no image "
          + image()
          + ": set "
          + IMAGE_VARIABLE
          + " to one it"
          + " has (.ci/testcontainers.sh builds pgperf-ci/postgres:15)";
    }
    return null;
  }

  /** Runs the class only where Docker answers and has the image. */
  @Target(ElementType.TYPE)
  @Retention(RetentionPolicy.RUNTIME)
  @ExtendWith(Condition.class)
  public @interface Required {}

  /** {@link Required}'s condition, checked once per JVM. */
  static final class Condition implements ExecutionCondition {
    private static volatile String missing;
    private static volatile boolean checked;

    @Override
    public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
      if (!checked) {
        missing = missing();
        checked = true;
      }
      return missing == null
          ? ConditionEvaluationResult.enabled("Docker has " + image())
          : ConditionEvaluationResult.disabled(missing);
    }
  }
}
