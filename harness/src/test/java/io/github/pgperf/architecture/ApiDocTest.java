package io.github.pgperf.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apiguardian.api.API;
import org.junit.jupiter.api.Test;

/**
 * docs/api.md is the public API on one page: it lists exactly the types that carry an @API status
 * other than INTERNAL outside the internal packages, each with that status.
 */
class ApiDocTest {

  private static final Path DOC =
      Path.of(System.getProperty("repositoryRoot", ".."), "docs", "api.md");
  private static final Pattern PACKAGE = Pattern.compile("^### `(io\\.github\\.pgperf[\\w.]*)`");
  private static final Pattern ROW =
      Pattern.compile("^\\| `(\\w+)` \\| (STABLE|EXPERIMENTAL" + "|MAINTAINED|DEPRECATED) \\|");

  @Test
  void docsApiListsEveryApiTypeWithItsStatus() throws IOException {
    assertThat(listed())
        .as("types in %s against the @API types of the code", DOC)
        .containsExactlyElementsOf(marked());
  }

  /**
   * A record cannot gain a component without breaking its users' binaries (the canonical
   * constructor they call, the record pattern they match), so none is STABLE before a 1.0: api.md,
   * "Records that can grow".
   */
  @Test
  void noRecordIsStable() {
    Set<String> stableRecords = new TreeSet<>();
    for (JavaClass type :
        new ClassFileImporter()
            .withImportOption(ApiRules.PRODUCTION)
            .importPackages("io.github.pgperf")) {
      if (type.isRecord()
          && type.isAnnotatedWith(API.class)
          && type.getAnnotationOfType(API.class).status() == API.Status.STABLE) {
        stableRecords.add(type.getName());
      }
    }
    assertThat(stableRecords).as("STABLE records").isEmpty();
  }

  private static Set<String> marked() {
    Set<String> types = new TreeSet<>();
    for (JavaClass type :
        new ClassFileImporter()
            .withImportOption(ApiRules.PRODUCTION)
            .importPackages("io.github.pgperf")) {
      if (type.isTopLevelClass()
          && !type.getPackageName().contains(".internal")
          && type.isAnnotatedWith(API.class)
          && type.getAnnotationOfType(API.class).status() != API.Status.INTERNAL) {
        types.add(type.getName() + " " + type.getAnnotationOfType(API.class).status());
      }
    }
    return types;
  }

  private static Set<String> listed() throws IOException {
    Set<String> types = new TreeSet<>();
    String pkg = null;
    for (String line : Files.readAllLines(DOC)) {
      Matcher heading = PACKAGE.matcher(line);
      if (heading.find()) {
        pkg = heading.group(1);
        continue;
      }
      if (line.startsWith("## ")) {
        pkg = null;
      }
      Matcher row = ROW.matcher(line);
      if (pkg != null && row.find()) {
        types.add(pkg + "." + row.group(1) + " " + row.group(2));
      }
    }
    return types;
  }
}
